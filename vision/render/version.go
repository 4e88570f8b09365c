package render

// Version names the renderer's drawing: bump it whenever a change makes
// the same scene come out differently, so that photos kept on disk
// (`serve --camera demo`'s cache) are drawn again. TestProbeMatchesVersion
// fails when a probe scene per game draws otherwise than recorded beside
// it (testdata/probe.txt) until it is bumped and the record rewritten
// (go test ./vision/render -run TestProbeMatchesVersion -update).
const Version = "2"

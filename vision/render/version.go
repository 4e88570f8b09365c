package render

// Version names the renderer's drawing: bump it whenever a change makes
// the same scene come out differently, so that photos kept on disk
// (`serve --camera demo`'s cache) are drawn again.
const Version = "1"

// Package camera is where photos of the table come from.
//
// Every camera is a Source: Next(ctx) blocks until the next Frame (a whole
// JPEG, when it was taken, and a name for logs and the turn history) and
// Close releases the camera. Open builds one from the --camera value:
//
//	demo                 the built-in recorded Upwords game (the default)
//	dir:PATH             the photos in a folder, in natural name order
//	upload               photos pushed by the web page from a phone
//	rpicam[:ARGS]        the Pi camera as an MJPEG stream (rpicam-vid)
//	rpicam-still[:ARGS]  one Pi camera photo per Next (rpicam-still), for the shutter button
//	gst:PIPELINE         any GStreamer source pipeline (gst-launch-1.0)
//	device:N             a V4L2 camera such as a USB webcam, /dev/videoN, through GStreamer
//
// An unknown value is an error wrapping ErrBadSpec that lists these.
//
// # For the table service
//
//	src, err := camera.Open(spec, camera.Options{})
//	defer src.Close()
//	if d, ok := src.(camera.Seeker); ok { d.Seek(turnsInLog) } // the demo resumes its game
//	if u, ok := src.(*camera.Upload); ok { /* POST handler: u.Push(body) */ }
//	for { f, err := src.Next(ctx); ... f.JPEG ... }
//
// Next returns io.EOF only from a dir: source played once, ErrClosed after
// Close, ctx.Err() when ctx ends, and ErrCameraDied when a camera program
// fails MaxFailures times in a row without a frame. Photos that are broken
// (a corrupt file in a folder, a cut-off frame in a stream) are skipped and
// reported through Options.Logf, never returned.
//
// Deciding when a turn is over (the board still, no hand over it,
// something new) is not done here but by vision.TurnDetector, which the
// service runs on every frame (cmd/tilescope, serve); a source only
// delivers frames.
//
// Shutter(src, button.Presses(ctx)) makes any source take photos only when
// the shutter button (hw/gpio) is pressed: with rpicam-still the photo is
// taken on the press, with a stream the first frame after it.
//
// Upload.Push(photo) takes a JPEG or PNG (re-encoded as JPEG) and fails at
// once with ErrTooLarge, ErrNotJPEG, ErrQueueFull (the bounded queue,
// QueueLen, is full: answer 503) or ErrClosed; it never blocks.
//
// # The demo
//
// The demo game (demodata/game.txt) is a real two-player game of eleven
// turns written by hand, each turn a legal move with real words; a test
// judges every turn with scoring/upwords and the ENABLE list. Its photos
// are rendered by vision/render ahead of time (`make demo-frames`, the
// program in internal/gendemo) and embedded: 34 JPEGs of 1640x1232 (per
// turn the still board, and two photos of the turn being played with a
// hand over the board: half the tiles down, then all of them), about
// 3 MB of the binary (the stills at JPEG quality 80, the photos with a
// hand at 60), every photo over the same table top (see internal/gendemo).
// Rendering them at start-up instead would cost a
// Raspberry Pi 4 several seconds of CPU at every boot and tie start-up to
// the renderer; embedding costs only binary size and keeps the demo
// byte-for-byte the same on every machine. Each turn shows DemoHandFrames
// photos of the turn being played and then DemoStillFrames photos of the
// still board, one every FramePeriod: with the defaults a turn every 5
// seconds. After the last turn the final board stays. Demo frames are
// named "demo turn N" (the still board after turn N) or "demo turn N
// (placing)"; the service finds the turn to resume at from the names it
// logged, so keep that form. Seek(n) resumes after turn n, so a service
// restarted after a crash carries on from its log instead of starting
// over.
//
// # Camera programs
//
// rpicam-vid, gst-launch-1.0 and rpicam-still run as child processes
// (Stream and Still). OpenCV's VideoCapture cannot open the Pi's libcamera
// stack directly, gocv must stay inside vision/, and a JPEG is what every
// other source delivers and what the service stores as the turn's photo;
// so the camera programs write JPEGs to a pipe and JPEGReader splits the
// stream by the JPEG segment structure (not a byte search for FF D9, which
// an EXIF thumbnail would cut short). A Stream keeps only the newest two
// frames, so Next always shows the table now, restarts its program when it
// exits (RestartDelay, doubling to 30 s) and stops it with SIGTERM, then
// SIGKILL two seconds later, on Close. Options.Command replaces the
// program in tests; the tests run the test binary itself as a fake camera.
//
// Every wait goes through Options.Clock (a clockwork.Clock), so tests pace
// the demo and the folder replay with a fake clock.
package camera

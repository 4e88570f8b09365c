// Package web is the table service's HTTP side: the phone page and the API
// behind it, on gin.
//
// Everyone at the table opens the page (the QR code on /qr.png carries its
// address) and watches the game live: GET /api/events is a server-sent
// event stream that sends the whole game as JSON once per change (event
// "game", id = the game's version), so a phone that misses an event loses
// nothing, and a phone that reconnects with Last-Event-ID is sent the
// versions it missed. GET /api/game is the same JSON on demand, served from
// the session's latest snapshot (already encoded), so it costs no more than
// copying bytes.
//
// Anything that changes the game (correct a cell, challenge, undo, pass,
// exchange, end, new game, upload a photo) needs the table's PIN in the
// X-Tilescope-PIN header (or a "pin" form field). The PIN is 6 random digits
// kept in the data directory (LoadOrCreatePIN); ten wrong PINs from one
// address lock it out for a minute. Everyone without the PIN can only watch.
//
// Bad requests get a 4xx status and {"error":"..."} saying what was wrong;
// a panic in a handler is caught and answered with a 500.
//
// The page is plain HTML, CSS and JavaScript in static/, embedded in the
// binary: no build step. It is laid out for a phone held in one hand: the
// buttons sit at the bottom of the screen, within reach of a thumb.
package web

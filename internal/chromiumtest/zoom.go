package chromiumtest

import (
	"fmt"
	"strconv"

	"github.com/chromedp/chromedp"
)

// MinTap is the smallest square a finger taps reliably, in CSS pixels:
// the phone page's zoom draws every square at least this big.
const MinTap = 44

// TapSquare is the taps that open the fix sheet of the board's square
// (row, col) on the phone page: ZoomOn, then PickSquare.
func TapSquare(row, col int) []chromedp.Action[chromedp.Void] {
	return append(ZoomOn(row, col), PickSquare(row, col))
}

// ZoomOn taps the board's square (row, col) on the phone page, where the
// board's squares are under MinTap, and waits for the zoom round it.
func ZoomOn(row, col int) []chromedp.Action[chromedp.Void] {
	return []chromedp.Action[chromedp.Void]{
		chromedp.Click(chromedp.CSS(`#board .cell` + squareAt(row, col))),
		chromedp.WaitVisible(chromedp.CSS(`#zoomgrid .cell` + squareAt(row, col))),
	}
}

// PickSquare taps the square (row, col) in the open zoom.
func PickSquare(row, col int) chromedp.Action[chromedp.Void] {
	return chromedp.Click(chromedp.CSS(`#zoomgrid .cell` + squareAt(row, col)))
}

func squareAt(row, col int) string { return fmt.Sprintf(`[data-row="%d"][data-col="%d"]`, row, col) }

// ZoomFits is a JavaScript condition on the phone page with the zoom
// open: it shows a window of the board (more than one square, fewer than
// the whole board when the board's squares are under MinTap) whose every
// square measures MinTap or more each way and lies within the screen, and
// whose every square's spoken label says which square it is (the row and
// column, counted from 1, as the page's own words put them) and how sure
// its reading is.
var ZoomFits = `(() => {
	const min = ` + strconv.Itoa(MinTap) + `;
	const sq = [...document.querySelectorAll("#zoomgrid .cell")];
	const board = document.querySelectorAll("#board .cell");
	if (sq.length < 2 || document.getElementById("sheet").hidden) return false;
	const small = board[0].getBoundingClientRect().width < min;
	if (small && sq.length >= board.length) return false;
	const states = [t("zoom.sure"), t("zoom.unsure"), t("zoom.covered"), t("zoom.fixed")];
	return sq.every((b) => {
		const r = b.getBoundingClientRect();
		const label = b.getAttribute("aria-label") || "";
		const rc = [+b.dataset.row + 1, +b.dataset.col + 1].map(String);
		return r.width >= min && r.height >= min && r.left >= 0 && r.right <= innerWidth &&
			rc.every((n) => label.includes(n)) && states.some((s) => label.endsWith(", " + s));
	});
})()`

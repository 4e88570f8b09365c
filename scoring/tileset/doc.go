// Package tileset is the one place that knows each game's tiles: which
// letters a set holds, how many of each, and what each is worth. The rules
// engines, the renderer (which prints values on tiles) and the tile reader
// all take their letters from here. The figures are facts from the published
// games as recorded in RULES.md.
package tileset

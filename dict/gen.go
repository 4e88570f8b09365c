package dict

// The built-in lists are generated from their upstream files; see
// data/README.md. The ENABLE path is the team's shared data directory
// beside the checkout.
//go:generate go run ./internal/gen -enable ../../shared/data/enable1.txt -hunspell /usr/share/hunspell/ru_RU.dic -out data

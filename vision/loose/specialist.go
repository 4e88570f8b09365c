package loose

import (
	"sync"

	"github.com/tilescope/tilescope/ocr"
)

var specialist struct {
	once sync.Once
	c    *ocr.Classifier
}

// specialistReader is the reader of loose tiles trained on this
// package's own crops (SpecialistModel), or nil when the binary has none.
func specialistReader() *ocr.Classifier {
	specialist.once.Do(func() {
		m, err := ocr.LoadModel(SpecialistModel)
		if err != nil {
			return // a binary without it reads with Reader alone
		}
		specialist.c, _ = ocr.NewClassifier(m)
	})
	return specialist.c
}

// letterReader is the reader the tiles are read with: for English
// letters of Lexicon tables (opt.Reader is the English classifier, not a
// Twists table) the English reader pooled with the specialist of loose
// tiles (ocr.Pool: each letter's probability summed over the two), unless
// opt.NoSpecialist; otherwise opt.Reader.
func letterReader(opt Options) Reader {
	if opt.Twists || opt.NoSpecialist {
		return opt.Reader
	}
	c, ok := opt.Reader.(*ocr.Classifier)
	if !ok || c.Model().Alphabet != ocr.English {
		return opt.Reader
	}
	sp := specialistReader()
	if sp == nil {
		return opt.Reader
	}
	return ocr.Pool{c, sp}
}

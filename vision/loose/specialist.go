package loose

import (
	"sync"

	"github.com/tilescope/tilescope/ocr"
)

// SpecialistModelRu is the name of the Russian reader trained on the
// tiles of rendered Twists tables as this package cuts them
// (ocr/model/ru-loose.tsm, made by `make train`: ocr/internal/train
// -specialist loose-ru), as ocr.LoadModel takes it.
const SpecialistModelRu = "ru-loose"

type lazyModel struct {
	once sync.Once
	c    *ocr.Classifier
}

var specialists = map[string]*lazyModel{SpecialistModel: {}, SpecialistModelRu: {}}

// specialistFor is the reader of loose tiles trained on this package's
// own crops for an alphabet (SpecialistModel, SpecialistModelRu), or nil
// when the binary has none.
func specialistFor(alphabet string) *ocr.Classifier {
	name := SpecialistModel
	if alphabet == ocr.Russian {
		name = SpecialistModelRu
	}
	s := specialists[name]
	s.once.Do(func() {
		m, err := ocr.LoadModel(name)
		if err != nil {
			return // a binary without it reads with Reader alone
		}
		s.c, _ = ocr.NewClassifier(m)
	})
	return s.c
}

// letterReader is the reader the tiles are read with: opt.Reader pooled
// (ocr.Pool: each letter's probability summed over the two) with the
// specialist of loose tiles of its alphabet, where opt.Reader is our
// classifier of English letters on a Lexicon table (not Twists) or of
// Russian ones on a Twists table, unless opt.NoSpecialist; otherwise
// opt.Reader.
func letterReader(opt Options) Reader {
	if opt.NoSpecialist {
		return opt.Reader
	}
	c, ok := opt.Reader.(*ocr.Classifier)
	if !ok {
		return opt.Reader
	}
	alpha := c.Model().Alphabet
	if !(alpha == ocr.English && !opt.Twists) && !(alpha == ocr.Russian && opt.Twists) {
		return opt.Reader
	}
	sp := specialistFor(alpha)
	if sp == nil {
		return opt.Reader
	}
	return ocr.Pool{c, sp}
}

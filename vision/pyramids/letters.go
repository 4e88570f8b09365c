package pyramids

// Letters is the evidence for every letter on the square's top pyramid:
// each letter's probability summed over the faces read, each face weighted
// as the scan weighs it, over the weights' sum (0..1; the Letter is the
// likeliest, its Conf its value). Nil when no face was read. The game uses
// it to choose between the moves a photo can mean (a pyramid put on a
// square read as M where the one that left a stack was an N).
func (s Square) Letters() map[string]float64 {
	sumW := 0.0
	for i, p := range s.read.faceP {
		if p != nil {
			sumW += s.read.faceW[i]
		}
	}
	if sumW <= 0 {
		return nil
	}
	out := map[string]float64{}
	for i, p := range s.read.faceP {
		for l, v := range p {
			out[l] += s.read.faceW[i] * v / sumW
		}
	}
	return out
}

// Overhung reports whether a taller stack of the square's colour beside it
// leans over it in the picture (overhangs): the colour and the faces read
// here may be that stack's. The game weighs such a reading as no evidence
// of a move.
func (s Square) Overhung() bool { return s.overhung }

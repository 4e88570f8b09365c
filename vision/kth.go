package vision

// KthSmallest returns the k-th smallest (from 0) of s, which must hold no
// NaN: the value sort.Float64s(s) would leave at s[k], found in linear
// expected time (a partition about the median of three, narrowed to the
// side that holds k). It reorders s.
func KthSmallest(s []float64, k int) float64 {
	lo, hi := 0, len(s)-1
	for hi > lo {
		m := int(uint(lo+hi) >> 1)
		// lo, m, hi in order: s[m] is the median of the three.
		if s[m] < s[lo] {
			s[lo], s[m] = s[m], s[lo]
		}
		if s[hi] < s[m] {
			s[m], s[hi] = s[hi], s[m]
			if s[m] < s[lo] {
				s[lo], s[m] = s[m], s[lo]
			}
		}
		p := s[m]
		i, j := lo, hi
		for i <= j {
			for s[i] < p {
				i++
			}
			for p < s[j] {
				j--
			}
			if i <= j {
				s[i], s[j] = s[j], s[i]
				i++
				j--
			}
		}
		// s[lo..j] <= p <= s[i..hi]; what lies between equals p.
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return s[k]
		}
	}
	return s[k]
}

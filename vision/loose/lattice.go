package loose

func fitLattice(r *Reading, upright bool) {}

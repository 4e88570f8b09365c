#include "textflag.h"

// func addScaledPairs(acc, src *float64, n int, w float64)
//
// acc[x] += w * src[x] for x < n&^1, two a step in one SSE2 register:
// a multiply then an add (no fused multiply-add), as the scalar loop
// does, so every element has the scalar loop's bits.
TEXT ·addScaledPairs(SB), NOSPLIT, $0-32
	MOVQ  acc+0(FP), DI
	MOVQ  src+8(FP), SI
	MOVQ  n+16(FP), CX
	MOVSD w+24(FP), X0
	UNPCKLPD X0, X0
	ANDQ  $~1, CX
	SHLQ  $3, CX
	XORQ  AX, AX

quads:
	MOVQ  AX, BX
	ADDQ  $32, BX
	CMPQ  BX, CX
	JG    pair
	MOVUPD (SI)(AX*1), X1
	MOVUPD 16(SI)(AX*1), X2
	MULPD X0, X1
	MULPD X0, X2
	MOVUPD (DI)(AX*1), X3
	MOVUPD 16(DI)(AX*1), X4
	ADDPD X1, X3
	ADDPD X2, X4
	MOVUPD X3, (DI)(AX*1)
	MOVUPD X4, 16(DI)(AX*1)
	MOVQ  BX, AX
	JMP   quads

pair:
	CMPQ  AX, CX
	JGE   done
	MOVUPD (SI)(AX*1), X1
	MULPD X0, X1
	MOVUPD (DI)(AX*1), X3
	ADDPD X1, X3
	MOVUPD X3, (DI)(AX*1)

done:
	RET

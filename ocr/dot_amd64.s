#include "textflag.h"

// MULADD adds row's four floats at byte offset R9 times x's (in the
// register x) to the four partial sums in acc: a multiply, then an add
// (no fused multiply-add), through the register tmp.
#define MULADD(row, x, tmp, acc) MOVUPS (row)(R9*1), tmp; MULPS x, tmp; ADDPS tmp, acc

// func dot4Lanes(a0, a1, a2, a3, x *float32, n int, lanes *[16]float32)
//
// For each row k, lanes[4k+j] = sum over i of ak[4i+j]*x[4i+j], i < n/4,
// summed in order: one SSE register per row holds the four partial sums
// dot keeps in s0..s3, with a multiply then an add (no fused multiply-add),
// so every lane has the bits of the scalar partial sum.
TEXT ·dot4Lanes(SB), NOSPLIT, $0-56
	MOVQ a0+0(FP), AX
	MOVQ a1+8(FP), BX
	MOVQ a2+16(FP), CX
	MOVQ a3+24(FP), DX
	MOVQ x+32(FP), SI
	MOVQ n+40(FP), DI
	MOVQ lanes+48(FP), R8
	XORPS X0, X0
	XORPS X1, X1
	XORPS X2, X2
	XORPS X3, X3
	ANDQ $~3, DI
	SHLQ $2, DI
	XORQ R9, R9

loop:
	CMPQ R9, DI
	JGE  done
	MOVUPS (SI)(R9*1), X4
	MULADD(AX, X4, X5, X0)
	MULADD(BX, X4, X6, X1)
	MULADD(CX, X4, X7, X2)
	MULADD(DX, X4, X8, X3)
	ADDQ   $16, R9
	JMP    loop

done:
	MOVUPS X0, 0(R8)
	MOVUPS X1, 16(R8)
	MOVUPS X2, 32(R8)
	MOVUPS X3, 48(R8)
	RET

// func dot8Lanes(rows *float32, stride int, x *float32, n int, lanes *[32]float32)
//
// dot4Lanes over eight rows, row k starting at rows + k*stride floats:
// lanes[4k+j] = sum over i of rowk[4i+j]*x[4i+j], i < n/4, summed in
// order with a multiply then an add, as dot4Lanes. Eight sums in flight
// instead of four, and x loaded once for eight rows.
TEXT ·dot8Lanes(SB), NOSPLIT, $0-40
	MOVQ rows+0(FP), AX
	MOVQ stride+8(FP), BX
	MOVQ x+16(FP), SI
	MOVQ n+24(FP), DI
	MOVQ lanes+32(FP), R8
	SHLQ $2, BX
	LEAQ (AX)(BX*1), CX
	LEAQ (CX)(BX*1), DX
	LEAQ (DX)(BX*1), R10
	LEAQ (R10)(BX*1), R11
	LEAQ (R11)(BX*1), R12
	LEAQ (R12)(BX*1), R13
	LEAQ (R13)(BX*1), R14
	XORPS X0, X0
	XORPS X1, X1
	XORPS X2, X2
	XORPS X3, X3
	XORPS X4, X4
	XORPS X5, X5
	XORPS X6, X6
	XORPS X7, X7
	ANDQ $~3, DI
	SHLQ $2, DI
	XORQ R9, R9

loop8:
	CMPQ R9, DI
	JGE  done8
	MOVUPS (SI)(R9*1), X8
	MULADD(AX, X8, X9, X0)
	MULADD(CX, X8, X10, X1)
	MULADD(DX, X8, X11, X2)
	MULADD(R10, X8, X12, X3)
	MULADD(R11, X8, X13, X4)
	MULADD(R12, X8, X14, X5)
	MULADD(R13, X8, X15, X6)
	MULADD(R14, X8, X9, X7)
	ADDQ   $16, R9
	JMP    loop8

done8:
	MOVUPS X0, 0(R8)
	MOVUPS X1, 16(R8)
	MOVUPS X2, 32(R8)
	MOVUPS X3, 48(R8)
	MOVUPS X4, 64(R8)
	MOVUPS X5, 80(R8)
	MOVUPS X6, 96(R8)
	MOVUPS X7, 112(R8)
	RET

#include "textflag.h"

// CONVSTEP adds the weights' row at AX times the input at the k-th
// offset (from R8, index CX plus off) to the eight sums in acc: a
// broadcast, a multiply, then an add (no fused multiply-add), so every
// lane has the bits of dot's partial sum.
#define CONVSTEP(off, acc) MOVQ off(R8)(CX*8), DX; VBROADCASTSS (SI)(DX*4), Y4; VMULPS (AX), Y4, Y5; VADDPS Y5, acc, acc; ADDQ R12, AX

// CONVSTEP2 is CONVSTEP for sixteen channels: the eight at AX into acc,
// the next eight into acc2.
#define CONVSTEP2(off, acc, acc2) MOVQ off(R8)(CX*8), DX; VBROADCASTSS (SI)(DX*4), Y4; VMULPS (AX), Y4, Y5; VMULPS 32(AX), Y4, Y6; VADDPS Y5, acc, acc; VADDPS Y6, acc2, acc2; ADDQ R12, AX

// func convRowAVX(in *float32, offs *int, k int, wt *float32, bias *float32, cout int, out *float32, n int)
//
// For each of n pixels p (the input moved on by one float a pixel) and
// each output channel co: out[p*cout+co] = bias[co] + the sum over
// j < k of wt[j*cout+co] * in[p+offs[j]], summed as dot sums a row:
// four partial sums (j mod 4) in order, the last k mod 4 products in the
// first, then ((s0+s1)+s2)+s3. Eight channels a pass in the lanes of a
// YMM register (sixteen a pass while as many are left, the input's
// broadcast shared); cout is a multiple of 8.
TEXT ·convRowAVX(SB), NOSPLIT, $0-64
	MOVQ in+0(FP), SI
	MOVQ offs+8(FP), R8
	MOVQ k+16(FP), R9
	MOVQ wt+24(FP), R10
	MOVQ bias+32(FP), R11
	MOVQ cout+40(FP), R12
	MOVQ out+48(FP), DI
	MOVQ n+56(FP), R13
	SHLQ $2, R12

pixel:
	CMPQ R13, $0
	JLE  end
	XORQ BX, BX

block:
	CMPQ    BX, R12
	JGE     nextpixel
	LEAQ    64(BX), DX
	CMPQ    DX, R12
	JLE     block16
	VXORPS  Y0, Y0, Y0
	VXORPS  Y1, Y1, Y1
	VXORPS  Y2, Y2, Y2
	VXORPS  Y3, Y3, Y3
	LEAQ    (R10)(BX*1), AX
	XORQ    CX, CX

four:
	LEAQ     4(CX), DX
	CMPQ     DX, R9
	JGT      tail
	CONVSTEP(0, Y0)
	CONVSTEP(8, Y1)
	CONVSTEP(16, Y2)
	CONVSTEP(24, Y3)
	ADDQ     $4, CX
	JMP      four

tail:
	CMPQ     CX, R9
	JGE      sum
	CONVSTEP(0, Y0)
	INCQ     CX
	JMP      tail

sum:
	VADDPS  Y1, Y0, Y0
	VADDPS  Y2, Y0, Y0
	VADDPS  Y3, Y0, Y0
	VADDPS  (R11)(BX*1), Y0, Y0
	VMOVUPS Y0, (DI)(BX*1)
	ADDQ    $32, BX
	JMP     block

block16:
	VXORPS  Y0, Y0, Y0
	VXORPS  Y1, Y1, Y1
	VXORPS  Y2, Y2, Y2
	VXORPS  Y3, Y3, Y3
	VXORPS  Y8, Y8, Y8
	VXORPS  Y9, Y9, Y9
	VXORPS  Y10, Y10, Y10
	VXORPS  Y11, Y11, Y11
	LEAQ    (R10)(BX*1), AX
	XORQ    CX, CX

four16:
	LEAQ      4(CX), DX
	CMPQ      DX, R9
	JGT       tail16
	CONVSTEP2(0, Y0, Y8)
	CONVSTEP2(8, Y1, Y9)
	CONVSTEP2(16, Y2, Y10)
	CONVSTEP2(24, Y3, Y11)
	ADDQ      $4, CX
	JMP       four16

tail16:
	CMPQ      CX, R9
	JGE       sum16
	CONVSTEP2(0, Y0, Y8)
	INCQ      CX
	JMP       tail16

sum16:
	VADDPS  Y1, Y0, Y0
	VADDPS  Y2, Y0, Y0
	VADDPS  Y3, Y0, Y0
	VADDPS  (R11)(BX*1), Y0, Y0
	VMOVUPS Y0, (DI)(BX*1)
	VADDPS  Y9, Y8, Y8
	VADDPS  Y10, Y8, Y8
	VADDPS  Y11, Y8, Y8
	VADDPS  32(R11)(BX*1), Y8, Y8
	VMOVUPS Y8, 32(DI)(BX*1)
	ADDQ    $64, BX
	JMP     block

nextpixel:
	ADDQ $4, SI
	ADDQ R12, DI
	DECQ R13
	JMP  pixel

end:
	VZEROUPPER
	RET

// func dot8PackedAVX(p *float32, x *float32, n4 int, lanes *[32]float32)
//
// dot8Lanes over eight rows packed four inputs at a time (p holds, for
// each i < n4, the eight rows' floats 4i..4i+3, row by row: 32 floats):
// lanes[4k+j] = sum over i of rowk[4i+j]*x[4i+j], summed in order with a
// multiply then an add, as dot8Lanes; two rows a YMM register, x's four
// floats in both halves.
TEXT ·dot8PackedAVX(SB), NOSPLIT, $0-32
	MOVQ    p+0(FP), AX
	MOVQ    x+8(FP), SI
	MOVQ    n4+16(FP), CX
	MOVQ    lanes+24(FP), R8
	VXORPS  Y0, Y0, Y0
	VXORPS  Y1, Y1, Y1
	VXORPS  Y2, Y2, Y2
	VXORPS  Y3, Y3, Y3

packed:
	CMPQ           CX, $0
	JLE            packeddone
	VBROADCASTF128 (SI), Y4
	VMULPS         (AX), Y4, Y5
	VMULPS         32(AX), Y4, Y6
	VMULPS         64(AX), Y4, Y7
	VMULPS         96(AX), Y4, Y8
	VADDPS         Y5, Y0, Y0
	VADDPS         Y6, Y1, Y1
	VADDPS         Y7, Y2, Y2
	VADDPS         Y8, Y3, Y3
	ADDQ           $16, SI
	ADDQ           $128, AX
	DECQ           CX
	JMP            packed

packeddone:
	VMOVUPS Y0, 0(R8)
	VMOVUPS Y1, 32(R8)
	VMOVUPS Y2, 64(R8)
	VMOVUPS Y3, 96(R8)
	VZEROUPPER
	RET

// func cpuHasAVX() bool
//
// The processor has AVX (CPUID leaf 1: ECX bit 28) and the system saves
// the YMM registers (OSXSAVE, ECX bit 27; XGETBV: XCR0 bits 1 and 2).
TEXT ·cpuHasAVX(SB), NOSPLIT, $0-1
	MOVL  $1, AX
	XORL  CX, CX
	CPUID
	MOVL  CX, BX
	ANDL  $(1<<27 | 1<<28), BX
	CMPL  BX, $(1<<27 | 1<<28)
	JNE   noavx
	XORL  CX, CX
	XGETBV
	ANDL  $6, AX
	CMPL  AX, $6
	JNE   noavx
	MOVB  $1, ret+0(FP)
	RET

noavx:
	MOVB $0, ret+0(FP)
	RET

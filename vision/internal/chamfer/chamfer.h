#ifdef __cplusplus
extern "C" {
#endif

void chamferL2Mask5(const unsigned char* src, int w, int h, float* dst);

#ifdef __cplusplus
}
#endif

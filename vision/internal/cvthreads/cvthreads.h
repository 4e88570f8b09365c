#ifdef __cplusplus
extern "C" {
#endif

void cvthreadsSet(int n);
int cvthreadsGet(void);

#ifdef __cplusplus
}
#endif

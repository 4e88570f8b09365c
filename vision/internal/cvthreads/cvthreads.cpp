#include <opencv2/core/utility.hpp>
#include "cvthreads.h"

void cvthreadsSet(int n) { cv::setNumThreads(n); }

int cvthreadsGet(void) { return cv::getNumThreads(); }

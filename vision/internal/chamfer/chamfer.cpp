#include <opencv2/imgproc.hpp>
#include "chamfer.h"

void chamferL2Mask5(const unsigned char* src, int w, int h, float* dst) {
    cv::Mat s(h, w, CV_8U, (void*)src);
    cv::Mat d(h, w, CV_32F, (void*)dst);
    cv::distanceTransform(s, d, cv::DIST_L2, cv::DIST_MASK_5, CV_32F);
}

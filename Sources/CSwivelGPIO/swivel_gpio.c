#include "swivel_gpio.h"
int swivel_gpio_placeholder(void) { return 0; }

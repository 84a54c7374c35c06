#ifndef SWIVEL_GPIO_H
#define SWIVEL_GPIO_H
int swivel_gpio_placeholder(void);
#endif

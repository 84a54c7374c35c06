# The guest's copy of boards/rpizero2w-servo-pantilt.json5: the guest has no
# PWM chip (/sys/class/pwm), so each servo's pulses come from the software-PWM
# fallback on the same GPIO the hardware PWM would drive (12 and 13), on the
# gpio-sim chip labelled pinctrl-bcm2835. Everything else is the shipped file.
/pwmChip: 0,/d
s/pwmChannel: 0,.*/softwarePwmLine: 12,/
s/pwmChannel: 1,.*/softwarePwmLine: 13,/

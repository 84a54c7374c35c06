# The guest's copy of boards/rpi4-stepper-pantilt.json5 for the motion checks:
# the same lines and mechanics, only slower, because an emulated CPU (TCG) on
# a shared 2-core machine wakes threads milliseconds late. Nothing here makes
# a check easier to pass: wider pulses and a longer DIR setup are harder to keep.
s/name: "Swivel Pi 4 Stepper Pan\/Tilt"/name: "Swivel Pi 4 Stepper Pan\/Tilt, slowed for an emulated CPU"/
# A 10 ms tick: a step may start 5 ms late before it is dropped (half a period).
s/rateHz: 1000,/rateHz: 100,/
s/maxSpeedRadPerSec: 3.0,/maxSpeedRadPerSec: 0.5,/
s/maxSpeedRadPerSec: 2.0,/maxSpeedRadPerSec: 0.5,/
s/maxStepRateHz: 20000,/maxStepRateHz: 5000,/
s/minPulseWidthNs: 2000,/minPulseWidthNs: 50000,/
s/dirSetupNs: 1000,/dirSetupNs: 50000,/
/stepLine: 23,/a\        maxStepRateHz: 5000, minPulseWidthNs: 50000, dirSetupNs: 50000,

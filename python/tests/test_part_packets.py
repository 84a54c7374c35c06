"""Swivel's PCA9685, Pan-Tilt HAT and TMC2209 codecs against the vendors' own Python libraries.

The Swift codecs' writes come from `swivel-part-packets` (built beside
$SWIVELD); the same operations are done with adafruit-circuitpython-pca9685,
Pimoroni's pantilthat and TMC-2209-Raspberry-Pi through a bus or serial port
whose writes are recorded, and the bytes must be equal. The libraries' board
modules (busio, circuitpython_typing, smbus, serial) are fakes put in
sys.modules: they are only the wire, and no test here touches hardware.

The TMC2209 library is also run against Swivel's TMC2209 register model
(`swivel-part-packets tmc2209-line`): every read it makes reads the echo of its
request then the model's reply, and every write it checks through IFCNT.

Known differences, by design (docs/PARTS.md):
- TMC-2209-Raspberry-Pi sends the sync byte 0x55 (the reserved nibble is a
  don't-care, but inside the CRC); Swivel sends the datasheet's 0x05. The
  byte-for-byte comparison gives the library 0x05 frames; its own 0x55 ones are
  run against the model, which accepts both as the chip does.
- Its set_current computes the hold scale as 0.5 × the unrounded run scale;
  Swivel takes the hold current in amperes (0.4 A → 12 where it writes 13).
- Pulse widths: the PCA9685 count is the nearest count of the chip's actual
  period (the library takes a 16-bit duty cycle, computed here the same way).
"""
from __future__ import annotations

import os
import subprocess
import sys
import types
from pathlib import Path

import pytest


def _fake_module(name: str, **attrs) -> None:
    module = types.ModuleType(name)
    for key, value in attrs.items():
        setattr(module, key, value)
    sys.modules[name] = module


# Blinka's modules, which the PCA9685 library only names in annotations.
_fake_module("busio", I2C=object)
_fake_module("circuitpython_typing", ReadableBuffer=object, WriteableBuffer=object)
_fake_module("circuitpython_typing.device_drivers", I2CDeviceDriver=object)


class _LineToModel:
    """pyserial's Serial for TMC-2209-Raspberry-Pi, on Swivel's TMC2209 model over a one-wire line."""

    def __init__(self, *_args, **_kwargs):
        self.written: list[bytes] = []
        self.queued = bytearray()
        self.model = subprocess.Popen([_tool(), "tmc2209-line", "0"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def write(self, frame) -> int:
        frame = bytes(frame)
        self.written.append(frame)
        self.model.stdin.write(" ".join(f"{b:02X}" for b in frame) + "\n")
        self.model.stdin.flush()
        self.queued.extend(bytes(int(h, 16) for h in self.model.stdout.readline().split()))
        return len(frame)

    def read(self, count: int) -> bytes:
        chunk = bytes(self.queued[:count])
        del self.queued[:count]
        return chunk

    def reset_input_buffer(self):
        self.queued.clear()

    def reset_output_buffer(self):
        pass

    def close(self):
        if self.model.poll() is None:
            self.model.stdin.close()
            self.model.wait(timeout=10)


_fake_module("serial", Serial=_LineToModel, PARITY_NONE="N")

import adafruit_pca9685  # noqa: E402
import pantilthat  # noqa: E402
from TMC_2209 import _TMC_2209_comm as tmc_comm  # noqa: E402
from TMC_2209 import _TMC_2209_reg as tmc_reg  # noqa: E402
from TMC_2209._TMC_2209_logger import Loglevel, TMC_logger  # noqa: E402
from TMC_2209._TMC_2209_uart import TMC_UART  # noqa: E402


def _tool() -> Path:
    swiveld = os.environ.get("SWIVELD")
    if not swiveld:
        pytest.fail("$SWIVELD is not set: run through `make test-python`", pytrace=False)
    tool = Path(swiveld).with_name("swivel-part-packets")
    if not tool.exists():
        pytest.fail(f"{tool} is not built: `swift build` builds it", pytrace=False)
    return tool


@pytest.fixture(scope="module")
def swivel() -> dict[tuple[str, str], list[str]]:
    out = subprocess.run([_tool(), "encode"], check=True, capture_output=True, text=True).stdout
    lines = {}
    for line in out.splitlines():
        part, name, *rest = line.split()
        assert part != "error", line
        lines[(part, name)] = rest
    return lines


def _bytes(fields: list[str]) -> bytes:
    return bytes(int(h, 16) for h in fields)


# PCA9685 ---------------------------------------------------------------------


class RecordingI2C:
    """busio.I2C as adafruit_bus_device uses it: a register file behind one address pointer."""

    def __init__(self):
        self.registers = bytearray(256)
        self.pointer = 0
        self.writes: list[bytes] = []

    def try_lock(self) -> bool:
        return True

    def unlock(self):
        pass

    def writeto(self, address, buffer, *, start=0, end=None):
        data = bytes(buffer[start:end])
        assert address == 0x40
        if not data:
            return  # I2CDevice's probe at construction
        self.writes.append(data)
        self.pointer = data[0]
        for offset, value in enumerate(data[1:]):
            self.registers[(self.pointer + offset) & 0xFF] = value

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        end = len(buffer) if end is None else end
        for index in range(start, end):
            buffer[index] = self.registers[(self.pointer + index - start) & 0xFF]

    def writeto_then_readfrom(self, address, out, into, *, out_start=0, out_end=None, in_start=0, in_end=None):
        data = bytes(out[out_start:out_end])
        self.pointer = data[0]  # a register read: the pointer only, not a write
        self.readfrom_into(address, into, start=in_start, end=in_end)


@pytest.mark.parametrize("frequency", [50, 60])
def test_pca9685_setup_and_pulses_match_the_adafruit_library(swivel, frequency):
    bus = RecordingI2C()
    pca = adafruit_pca9685.PCA9685(bus)
    assert bus.writes == [bytes([0x00, 0x00])]  # reset(): MODE1 = 0, before Swivel's sequence starts
    bus.writes.clear()
    pca.frequency = frequency
    ours = [swivel[("pca9685", f"setup_{frequency}_{i}")] for i in range(5)]
    assert ours[3] == ["pause", "500"]  # the library sleeps 5 ms there; the datasheet asks for 500 µs
    assert bus.writes == [_bytes(f) for i, f in enumerate(ours) if i != 3]
    for channel in (0, 1, 15):
        for pulse in (500, 1500, 2500):
            bus.writes.clear()
            # The nearest count of the period the library's own frequency getter reports.
            counts = round(pulse * 1e-6 * pca.frequency * 4096)
            pca.channels[channel].duty_cycle = counts << 4
            assert bus.writes == [_bytes(swivel[("pca9685", f"pulse_{frequency}_{channel}_{pulse}")])], (channel, pulse)


def test_pca9685_fully_off_matches_the_adafruit_library(swivel):
    bus = RecordingI2C()
    pca = adafruit_pca9685.PCA9685(bus)
    for channel in (0, 1, 15):
        bus.writes.clear()
        pca.channels[channel].duty_cycle = 0
        assert bus.writes == [_bytes(swivel[("pca9685", f"off_{channel}")])]


# Pan-Tilt HAT ----------------------------------------------------------------


class RecordingSMBus:
    """smbus.SMBus for pantilthat: every write as it goes on the wire after the address."""

    def __init__(self):
        self.writes: list[bytes] = []

    def write_byte_data(self, address, register, value):
        assert address == 0x15
        self.writes.append(bytes([register, value]))

    def write_word_data(self, address, register, value):
        assert address == 0x15
        self.writes.append(bytes([register, value & 0xFF, value >> 8]))  # SMBus words go low byte first


def test_pantilthat_config_writes_match_the_library(swivel):
    bus = RecordingSMBus()
    hat = pantilthat.PanTilt(i2c_bus=bus, idle_timeout=0)
    hat.setup()
    hat.servo_enable(1, True)
    hat.servo_enable(2, True)
    hat.servo_enable(1, False)
    hat.servo_enable(2, False)
    names = ["setup", "enable_1", "enable_2", "disable_1", "disable_2"]
    assert bus.writes == [_bytes(swivel[("pantilthat", name)]) for name in names]


@pytest.mark.parametrize("servo", [1, 2])
def test_pantilthat_pulses_match_the_library(swivel, servo):
    bus = RecordingSMBus()
    hat = pantilthat.PanTilt(i2c_bus=bus, idle_timeout=0)
    hat.setup()
    move = hat.pan if servo == 1 else hat.tilt
    first = True
    for degrees in (-90, -45, -36, 0, 18, 45, 90):
        bus.writes.clear()
        move(degrees)
        expected = [_bytes(swivel[("pantilthat", f"pulse_{servo}_{degrees}")])]
        if first:  # the library enables a servo on its first move
            expected.insert(0, _bytes(swivel[("pantilthat", f"enable_alone_{servo}")]))
            first = False
        assert bus.writes == expected, degrees


# TMC2209 ---------------------------------------------------------------------


def _datasheet_crc(datagram: list[int]) -> int:
    """The datasheet's swuart_calcCRC (section 4.2), line for line."""
    crc = 0
    for current in datagram:
        for _ in range(8):
            if (crc >> 7) ^ (current & 0x01):
                crc = ((crc << 1) ^ 0x07) & 0xFF
            else:
                crc = (crc << 1) & 0xFF
            current >>= 1
    return crc


class _Driver:
    """The library's register functions (TMC_2209 binds them the same way) without its GPIO set-up."""

    from TMC_2209._TMC_2209_comm import (  # noqa: E402
        get_interface_transmission_counter, read_chopconf, read_gconf, set_current, set_iscale_analog, set_irun_ihold,
        set_microstepping_resolution, set_mstep_resolution_reg_select, set_pdn_disable, set_spreadcycle, set_vsense,
    )

    def __init__(self, sync: int):
        self.tmc_logger = TMC_logger(Loglevel.ERROR, "TMC2209 test")
        self.tmc_uart = TMC_UART(self.tmc_logger, "/dev/null", 115200, 0)
        self.tmc_uart.communication_pause = 0
        # Instance lists: the library keeps its frames in class attributes and fills them in place.
        self.tmc_uart.r_frame = [sync, 0, 0, 0]
        self.tmc_uart.w_frame = [sync, 0, 0, 0, 0, 0, 0, 0]
        self._fullsteps_per_rev = 200

    @property
    def line(self) -> _LineToModel:
        return self.tmc_uart.ser

    def read(self, register: int) -> int:
        return self.tmc_uart.read_int(register)


def test_tmc2209_crc_is_the_datasheets_and_the_librarys(swivel):
    uart = TMC_UART(TMC_logger(Loglevel.ERROR, "crc"), None, 115200)
    assert _datasheet_crc([0x05, 0x00, 0x00]) == 0x48  # vectors a TMC2209 accepts
    assert _datasheet_crc([0x05, 0x00, 0x06]) == 0x6F
    for (part, _name), fields in swivel.items():
        if part != "tmc2209" or len(fields) not in (4, 8):
            continue
        frame = list(_bytes(fields))
        assert frame[-1] == _datasheet_crc(frame[:-1]) == uart.compute_crc8_atm(frame[:-1]), fields


def test_tmc2209_writes_and_reads_match_the_library_frame_for_frame(swivel):
    driver = _Driver(sync=0x05)
    uart, line = driver.tmc_uart, driver.line
    writes = {
        "gconf_uart_stealthchop": (tmc_reg.GCONF, 0x1C0),
        "chopconf_16": (tmc_reg.CHOPCONF, 0x14010053),
        "chopconf_256": (tmc_reg.CHOPCONF, 0x10010053),
        "ihold_irun_800": (tmc_reg.IHOLD_IRUN, 0x000A190C),
        "tpwmthrs_1000_16": (0x13, 750),
    }
    for name, (register, value) in writes.items():
        line.written.clear()
        uart.write_reg(register, value)
        assert line.written == [_bytes(swivel[("tmc2209", name)])], name
    for register in (tmc_reg.GCONF, tmc_reg.IFCNT, tmc_reg.IOIN, tmc_reg.DRVSTATUS):
        line.written.clear()
        uart.read_int(register)
        assert line.written[0] == _bytes(swivel[("tmc2209", f"read_{register}")]), register
    # The IHOLD_IRUN fields themselves, through the library's own packer.
    run, hold, vsense = (int(x) for x in swivel[("tmc2209", "current_800")])
    line.written.clear()
    driver.set_irun_ihold(hold, run, 10)
    assert _bytes(swivel[("tmc2209", "ihold_irun_800")]) in line.written
    line.close()


@pytest.mark.parametrize("sync", [0x05, 0x55])
def test_tmc2209_library_set_up_runs_on_swivels_model(swivel, sync):
    """The library's own set-up, read-modify-write and IFCNT checks, against the model; 0x55 is the library's own sync."""
    driver = _Driver(sync=sync)
    assert driver.get_interface_transmission_counter() == 0
    driver.set_spreadcycle(False)
    driver.set_microstepping_resolution(16)
    driver.set_current(800, hold_current_multiplier=0.5, hold_current_delay=10)
    # Every write_reg_check read IFCNT before and after: none gave up (it raises SystemExit then).
    assert driver.read(tmc_reg.GCONF) == int.from_bytes(_bytes(swivel[("tmc2209", "gconf_uart_stealthchop")])[3:7], "big")
    assert driver.read(tmc_reg.CHOPCONF) == int.from_bytes(_bytes(swivel[("tmc2209", "chopconf_16_tbl0_vsense")])[3:7], "big")
    run, hold, vsense = (int(x) for x in swivel[("tmc2209", "current_800")])
    ihold_irun = [f for f in driver.line.written if len(f) == 8 and f[2] == 0x90]
    assert ihold_irun, "set_current wrote no IHOLD_IRUN"
    assert vsense == 1 and ihold_irun[-1][5] == run  # IRUN and the switch to vsense agree
    assert (ihold_irun[-1][6], hold) == (13, 12)  # the known hold difference (see the module docstring)
    assert driver.get_interface_transmission_counter() > 0
    driver.line.close()

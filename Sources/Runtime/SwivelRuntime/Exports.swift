// SwivelRuntime assembles the modules below it; `import SwivelRuntime` keeps reaching all of them.
@_exported public import SwivelLoop
@_exported public import SwivelStand
@_exported public import SwivelAccessories
@_exported public import SwivelLink

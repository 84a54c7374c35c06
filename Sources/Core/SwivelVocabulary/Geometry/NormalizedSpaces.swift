/// The contract's three image spaces are different types so a rect in one can
/// never be passed where the other is meant; `NormalizedRectLowerLeft.upperLeft`
/// and its inverse are the one place that flips between them.

/// Normalized 0...1, origin at the LOWER-left of the camera's unmirrored image
/// (Vision's convention): observation rects. A face in the upper half has a
/// centre y above 0.5.
public struct NormalizedRectLowerLeft: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var upperLeft: NormalizedRectUpperLeft {
        NormalizedRectUpperLeft(x: x, y: 1 - y - height, width: width, height: height)
    }
}

/// Normalized 0...1, origin at the UPPER-left: regions of interest.
public struct NormalizedRectUpperLeft: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The whole frame: the default region of interest.
    public static let fullFrame = NormalizedRectUpperLeft(x: 0, y: 0, width: 1, height: 1)

    public var lowerLeft: NormalizedRectLowerLeft {
        NormalizedRectLowerLeft(x: x, y: 1 - y - height, width: width, height: height)
    }

    public func contains(_ point: NormalizedPointUpperLeft) -> Bool {
        point.x >= x && point.x <= x + width && point.y >= y && point.y <= y + height
    }
}

/// Normalized 0...1, origin at the UPPER-left: `selectSubject(at:)` points.
public struct NormalizedPointUpperLeft: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// Normalized 0...1, origin at the LOWER-left: a point in an observation's image space.
public struct NormalizedPointLowerLeft: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public var upperLeft: NormalizedPointUpperLeft { NormalizedPointUpperLeft(x: x, y: 1 - y) }
}

extension NormalizedPointUpperLeft {
    public var lowerLeft: NormalizedPointLowerLeft { NormalizedPointLowerLeft(x: x, y: 1 - y) }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelBoard
import SwivelHardware
import SwivelRuntime
import SwivelSimBackend

/// The simulated board's camera: which scene it plays and the thread that plays it.
enum SceneSetup {
    static let defaultScene = "scenes/walk.json5"

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// nil when no scene plays: not a simulated board, `--scene none`, or no
    /// default scene file (swiveld run away from the repository).
    static func scene(options: Options, board: Board) throws(Failure) -> Scene? {
        guard board.backend == .simulated else {
            if options.scene != nil, options.scene != "none" {
                throw Failure(description: "--scene needs a simulated board; this one drives real hardware")
            }
            return nil
        }
        let path: String
        switch options.scene {
        case "none"?: return nil
        case let given?: path = given
        case nil:
            guard access(defaultScene, R_OK) == 0 else { return nil }
            path = defaultScene
        }
        let scene: Scene
        do {
            scene = try SceneLoader.load(contentsOf: path)
        } catch {
            throw Failure(description: "scene \(path) is not valid:\n\(error)")
        }
        let names = board.buttons.map(\.name)
        for (index, press) in scene.buttonPresses.enumerated() where !names.contains(press.button) {
            throw Failure(description: """
                scene \(path): buttonPresses[\(index)].button: the board has no button '\(press.button)' \
                (it has: \(names.isEmpty ? "none" : names.joined(separator: ", ")))
                """)
        }
        return scene
    }

    /// Queues the scene's button presses on the simulated board, timed from `start`.
    static func schedulePresses(_ scene: Scene, on panel: SimulatedButtonPanel, from start: MonotonicInstant) {
        for press in scene.buttonPresses {
            let at = start.advanced(byNanoseconds: Int64((press.atSeconds * 1e9).rounded()))
            do {
                try panel.press(press.button, at: at, holdNanoseconds: press.holdSeconds.map { Int64(($0 * 1e9).rounded()) })
            } catch {
                // Names were checked against the board when the scene loaded.
                Log.warning("scene '\(scene.name)': \(error.reason)")
            }
        }
    }

    static func startCamera(scene: Scene?, stand: Stand, link: LinkServer, clock: any MonotonicClock) -> SimulatedCameraFeed? {
        guard let scene else { return nil }
        guard let vision = link.status().visionPath else {
            Log.warning("scene '\(scene.name)' not played: the board has no vision link (serial role \"vision\")")
            return nil
        }
        do {
            let camera = try SimulatedCameraFeed(scene: scene, stand: stand, visionPath: vision, clock: clock)
            try camera.start()
            Log.info("simulated camera: scene '\(scene.name)' over \(vision)")
            return camera
        } catch {
            Log.warning("simulated camera not started: \(error)")
            return nil
        }
    }

    /// The status line's camera segment: the framing error the camera sees.
    static func segment(_ status: SimulatedCameraFeed.Status) -> String {
        guard let error = status.framingError else { return "camera: subject out of view" }
        return "camera: framing error \(fixed(error * 100, 1, signed: true))% of width"
    }
}

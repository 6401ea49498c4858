import Dispatch
import Foundation

/// Drives a virtual clock from the wall clock: every tick, the virtual time a person should see
/// is the virtual time at the last anchor plus the real time since, times the speed. A small
/// driver of the preview's own; ticks run on the session's serial queue, so each advance is one
/// transaction between the person's steps.
final class ClockDriver: @unchecked Sendable {
    /// How often the clock catches up with real time; 20 ms keeps `executing` and countdowns
    /// smooth in the page without measurable load when nothing is scheduled.
    static let tick: DispatchTimeInterval = .milliseconds(20)

    private var timer: DispatchSourceTimer?
    private var anchorVirtual = 0
    private var anchorWall = DispatchTime.now().uptimeNanoseconds
    private(set) var speed: Double = 1
    private(set) var paused = false

    func start(on queue: DispatchQueue, advance: @escaping (Int) -> Void) {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + Self.tick, repeating: Self.tick, leeway: .milliseconds(5))
        timer.setEventHandler { [weak self] in
            guard let self, !paused else { return }
            advance(target)
        }
        self.timer = timer
        timer.resume()
    }

    func stop() { timer?.cancel() }

    /// The virtual time real time has reached.
    var target: Int {
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - anchorWall) / 1_000_000
        return anchorVirtual + Int(elapsed * speed)
    }

    /// Restarts counting real time from `virtual` (after a reset, a jump or a control).
    func reset(virtual: Int) {
        anchorVirtual = virtual
        anchorWall = DispatchTime.now().uptimeNanoseconds
    }

    func pause(at now: Int) {
        paused = true
        reset(virtual: now)
    }

    func resume(at now: Int) {
        paused = false
        reset(virtual: now)
    }

    /// 1 is real time, 10 is ten times faster; bounded so a typo cannot run away.
    func setSpeed(_ speed: Double, at now: Int) {
        self.speed = min(max(speed.isFinite ? speed : 1, 0.1), 100)
        reset(virtual: now)
    }
}

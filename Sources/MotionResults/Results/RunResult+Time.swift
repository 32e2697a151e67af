import Foundation

extension RunResult {
    /// Seconds since 1970 of a run's timestamp (`startedAt`, `finishedAt`: `2026-11-22T19:57:53Z`, UTC to the
    /// second, as the runner writes them); nil for any other spelling.
    public static func epochSeconds(_ timestamp: String) -> Int64? {
        let parts = timestamp.split(whereSeparator: { "-T:Z".contains($0) }).map { Int32($0) }
        guard timestamp.count == 20, timestamp.hasSuffix("Z"), parts.count == 6, !parts.contains(nil) else { return nil }
        var utc = tm()
        utc.tm_year = parts[0]! - 1900
        utc.tm_mon = parts[1]! - 1
        utc.tm_mday = parts[2]!
        utc.tm_hour = parts[3]!
        utc.tm_min = parts[4]!
        utc.tm_sec = parts[5]!
        return Int64(timegm(&utc))
    }

    /// ISO 8601 in UTC with seconds, as run folders and `run.json` use.
    /// Formatted by hand: Foundation's ISO8601DateFormatter loads ICU's calendar data on Linux, some
    /// 5 MiB that would stay resident and count in every case's memory.
    public static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var utc = tm()
        gmtime_r(&seconds, &utc)
        func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(utc.tm_year + 1900)-\(twoDigits(utc.tm_mon + 1))-\(twoDigits(utc.tm_mday))T"
            + "\(twoDigits(utc.tm_hour)):\(twoDigits(utc.tm_min)):\(twoDigits(utc.tm_sec))Z"
    }
}

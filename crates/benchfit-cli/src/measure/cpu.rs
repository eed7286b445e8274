//! The client's own load. Every request of a run is driven by one thread (the runtime is
//! tokio's current-thread one: less CPU per streamed token than handing wake-ups between
//! workers), so a load that keeps that thread busy all the time would delay the reading of
//! chunks, and their times, without any error. The run measures how busy the thread was and
//! says so in the file when it had no headroom.

use std::time::Duration;

/// CPU time the calling thread has run so far, from Linux's `/proc/thread-self/schedstat`
/// (its first field: nanoseconds on a CPU); `None` where that file is missing (another OS,
/// a kernel without scheduler statistics).
pub(super) fn thread_cpu() -> Option<Duration> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Busy share above which the thread is taken to have had no headroom: at 90 % a chunk that
/// arrives finds the thread at work nine times in ten and waits for it (a judgement, not a
/// measured edge).
pub(super) const BUSY_LIMIT: f64 = 0.9;

/// The note for a run whose driving thread used `cpu` of CPU over `wall`, when it was busier
/// than [`BUSY_LIMIT`]; `None` otherwise (and for an empty interval).
pub(super) fn busy_note(cpu: Duration, wall: Duration) -> Option<String> {
    if wall.is_zero() {
        return None;
    }
    let busy = cpu.as_secs_f64() / wall.as_secs_f64();
    (busy > BUSY_LIMIT).then(|| {
        format!(
            "the client was the bottleneck: its one thread was busy {:.0} % of the run, so chunks may have been read late (fewer streams per client, or several clients, measure the server instead)",
            100.0 * busy.min(1.0)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_busy_thread_gets_a_note_and_an_idle_one_none() {
        let s = Duration::from_secs;
        assert_eq!(busy_note(Duration::from_millis(500), s(1)), None);
        assert_eq!(busy_note(Duration::from_millis(900), s(1)), None);
        let note = busy_note(Duration::from_millis(950), s(1)).unwrap();
        assert!(note.contains("busy 95 %"), "{note}");
        assert_eq!(busy_note(s(1), Duration::ZERO), None);
    }

    #[test]
    fn the_thread_cpu_grows_with_work_where_linux_reports_it() {
        let Some(before) = thread_cpu() else {
            return; // not Linux, or no scheduler statistics: the run makes no note
        };
        let t = std::time::Instant::now();
        let mut x = 0u64;
        while t.elapsed() < Duration::from_millis(50) {
            x = std::hint::black_box(x.wrapping_add(1));
        }
        assert!(thread_cpu().unwrap() > before);
    }
}

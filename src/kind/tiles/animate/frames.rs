//! Which events of the search become frames, and how long each is shown.
//!
//! A search to its first solution takes from dozens to millions of events,
//! and a reader can follow only the first few by eye. So when there are
//! more events than frames, the first half of the frames shows the first
//! events one by one, slowly enough to see a tile tried, rejected and taken
//! back, and the second half fast-forwards through the rest at evenly spaced
//! events, always ending on the last one: the solved board (or, without a
//! solution, the search's last state). The frame count is known before the
//! first frame is encoded, as APNG's `acTL` chunk requires.

/// How long frames stay on screen, in milliseconds.
pub const START_MS: u16 = 800;
pub const STEP_MS: u16 = 150;
pub const FAST_MS: u16 = 40;
pub const LAST_MS: u16 = 3000;

/// The frames of one animation: frame 0 is the empty board before the first
/// event; frame `k >= 1` is the state after event `shown[k - 1]` (0-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FramePlan {
    pub events: u64,
    pub shown: Vec<u64>,
    /// Events shown one by one from the start; the rest are fast-forwarded.
    pub detailed: u64,
}

impl FramePlan {
    /// The plan for `events` events in at most `max_frames` frames (at least 2:
    /// the start and the end).
    pub fn new(events: u64, max_frames: u32) -> FramePlan {
        let budget = u64::from(max_frames.max(2)) - 1;
        if events <= budget {
            return FramePlan {
                events,
                shown: (0..events).collect(),
                detailed: events,
            };
        }
        let detailed = budget / 2;
        let (rest, slots) = (events - detailed, budget - detailed);
        // Slot j (1-based) shows the last event of the j-th of `slots` equal
        // shares of the rest, so slot `slots` is the last event.
        let sampled = (1..=slots).map(|j| {
            let end = (u128::from(j) * u128::from(rest)).div_ceil(u128::from(slots));
            detailed + end as u64 - 1
        });
        FramePlan {
            events,
            shown: (0..detailed).chain(sampled).collect(),
            detailed,
        }
    }

    pub fn frames(&self) -> u32 {
        self.shown.len() as u32 + 1
    }

    /// The delay of frame `k`, in milliseconds.
    pub fn delay_ms(&self, k: usize) -> u16 {
        if k + 1 == self.frames() as usize {
            LAST_MS
        } else if k == 0 {
            START_MS
        } else if self.shown[k - 1] < self.detailed {
            STEP_MS
        } else {
            FAST_MS
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn few_events_are_all_shown() {
        let p = FramePlan::new(5, 300);
        assert_eq!(p.shown, [0, 1, 2, 3, 4]);
        assert_eq!(p.frames(), 6);
        let delays: Vec<u16> = (0..6).map(|k| p.delay_ms(k)).collect();
        assert_eq!(
            delays,
            [START_MS, STEP_MS, STEP_MS, STEP_MS, STEP_MS, LAST_MS]
        );
        assert_eq!(FramePlan::new(299, 300).frames(), 300);
    }

    #[test]
    fn many_events_show_the_start_then_fast_forward_to_the_last() {
        for (events, max) in [
            (300, 300),
            (1000, 300),
            (7, 2),
            (8, 3),
            (1_000_000_007, 301),
        ] {
            let p = FramePlan::new(events, max);
            assert_eq!(p.frames(), max, "{events} in {max}");
            assert_eq!(
                p.shown.last(),
                Some(&(events - 1)),
                "ends on the last event"
            );
            assert!(
                p.shown.windows(2).all(|w| w[0] < w[1]),
                "in order, no repeats"
            );
            assert_eq!(
                p.shown[..p.detailed as usize],
                (0..p.detailed).collect::<Vec<_>>()
            );
        }
        let p = FramePlan::new(1000, 301);
        assert_eq!(p.detailed, 150);
        // 150 slots over the remaining 850 events: every 17/3 events.
        assert_eq!(&p.shown[150..153], [155, 161, 166]);
        assert_eq!(p.delay_ms(150), STEP_MS);
        assert_eq!(p.delay_ms(151), FAST_MS);
    }
}

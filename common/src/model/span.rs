//! Where a clip's keys start and end: the one sweep over the ends of every
//! track that loaders (a clip's length) and repairs (a clip that starts
//! before tick 0) both need.

use super::Clip;

impl Clip {
    /// The earliest first key and the latest last key over every track of
    /// every channel, in ticks; times that are NaN or infinite are skipped.
    /// `None` for a clip without a finite key time.
    pub fn key_span(&self) -> Option<(f64, f64)> {
        let ends = self.channels.iter().flat_map(|c| {
            let p = c.positions.first().zip(c.positions.last());
            let r = c.rotations.first().zip(c.rotations.last());
            let s = c.scales.first().zip(c.scales.last());
            [p.map(|(a, b)| (a.time_ticks, b.time_ticks)), r.map(|(a, b)| (a.time_ticks, b.time_ticks))]
                .into_iter()
                .chain([s.map(|(a, b)| (a.time_ticks, b.time_ticks))])
                .flatten()
        });
        let finite = |t: f64| Some(t).filter(|t| t.is_finite());
        let (first, last) = ends.fold((None, None), |(lo, hi): (Option<f64>, Option<f64>), (a, b)| {
            (lo.into_iter().chain(finite(a)).reduce(f64::min), hi.into_iter().chain(finite(b)).reduce(f64::max))
        });
        first.zip(last)
    }

    /// The time of the latest key, in ticks, or 0 for a clip without keys
    /// (what a loader takes as the length of a clip whose file gives none).
    pub fn last_key_ticks(&self) -> f64 {
        self.key_span().map_or(0.0, |(_, last)| last.max(0.0))
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Channel, Key};
    use super::*;
    use glam::{Quat, Vec3};

    #[test]
    fn the_span_runs_from_the_earliest_first_key_to_the_latest_last_key() {
        let v = |t: f64| Key { time_ticks: t, value: Vec3::ZERO };
        let q = |t: f64| Key { time_ticks: t, value: Quat::IDENTITY };
        let mut clip = Clip::default();
        assert_eq!((clip.key_span(), clip.last_key_ticks()), (None, 0.0));
        clip.channels = vec![
            Channel { node: 0, positions: vec![v(2.0), v(7.0)], ..Channel::default() },
            Channel {
                node: 1,
                rotations: vec![q(-1.0), q(f64::NAN)],
                scales: vec![v(3.0), v(9.5)],
                ..Channel::default()
            },
        ];
        assert_eq!(clip.key_span(), Some((-1.0, 9.5)));
        assert_eq!(clip.last_key_ticks(), 9.5);
    }
}

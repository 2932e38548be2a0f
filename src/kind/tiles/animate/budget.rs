//! What an animation may cost, checked once its frames are counted and
//! before the first is painted: one frame is held in memory several times
//! over (the frame, the one before, the changed rectangle), and every frame
//! is painted and compressed, so a large board at a large `--tile-size`
//! took gigabytes and minutes before these limits (the measure is in
//! docs/performance.md).

use super::Options;
use crate::error::InputError;
use std::path::Path;

/// Refuses `frames` frames of `width` x `height` pixels when one frame is
/// above `--max-pixels`, or all of them together above `--max-output-pixels`.
pub(super) fn check(
    path: &Path,
    (frames, [w, h]): (u32, [u32; 2]),
    options: &Options,
) -> Result<(), InputError> {
    let frame = u64::from(w) * u64::from(h);
    if frame > options.max_pixels {
        return Err(InputError::new(
            path,
            format!(
                "each frame of the animation would have {w} x {h} = {frame} pixels, above the limit of {}",
                options.max_pixels
            ),
        )
        .hint("lower --tile-size, or raise the limit with --max-pixels"));
    }
    let total = frame.saturating_mul(u64::from(frames));
    if total > options.max_output_pixels {
        return Err(InputError::new(
            path,
            format!(
                "the animation's {frames} frames of {w} x {h} would have {total} pixels together, above the limit of {}",
                options.max_output_pixels
            ),
        )
        .hint("lower --tile-size or --max-frames, or raise the limit with --max-output-pixels"));
    }
    Ok(())
}

//! Limits shared by every tool.

use std::ops::RangeInclusive;

/// The port the device agent listens on unless told otherwise.
pub(crate) const DEFAULT_PORT: u16 = 15702;
/// Ports below this one need privileges the agent never has.
pub(crate) const MIN_PORT: u16 = 1024;
/// The agent reserves the last port for its own control channel.
pub(crate) const MAX_PORT: u16 = 65534;
pub(crate) const PORT_RANGE: RangeInclusive<u16> = MIN_PORT..=MAX_PORT;

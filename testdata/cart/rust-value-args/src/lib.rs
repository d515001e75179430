//! The shop's cart, exposed to agents as the `addCartLine` tool (arguments read by hand).

pub mod cart;
pub mod tool;

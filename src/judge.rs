//! The judge: after the rules, what decides verdicts. The failure-case table derived from a
//! tool's schema ([`cases`]), its execution against a live server ([`execute`], the only code
//! that starts processes), and the readiness report's verdicts and evidence ([`readiness`]).
//! Reporters render what the judge returns.

pub mod cases;
pub mod diff;
pub mod execute;
pub mod readiness;

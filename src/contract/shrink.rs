//! Facts held to the end of a run, cut to their length once made. The extractors build a
//! function's facts by pushing, and a vector pushed into holds room for four elements at
//! least: most of a body's vectors (a call's arguments, an effect's arguments, a
//! rejection's roots and fields, a function's parameters) hold one or two, so at 100,000
//! tools a sixth of the Rust facts' heap was room never used (docs/performance.md, session
//! 50). Only capacity changes: the facts are equal before and after.

use super::{
    CallArg, CallFact, CodeFact, CodeFactKind, Comparison, Decoded, Effect, EffectKind,
    FnBehaviour, FnBody, FnFacts, Operand, RecordList, RootUse, StructFields, Swallow, ValueRef,
};

/// Give back a value's unused capacity, its parts' first.
pub trait Shrink {
    fn shrink(&mut self);
}

impl Shrink for String {
    fn shrink(&mut self) {
        self.shrink_to_fit();
    }
}

impl<T: Shrink> Shrink for Vec<T> {
    fn shrink(&mut self) {
        self.iter_mut().for_each(Shrink::shrink);
        self.shrink_to_fit();
    }
}

impl<T: Shrink> Shrink for super::Few<T> {
    fn shrink(&mut self) {
        self.iter_mut().for_each(Shrink::shrink);
        self.shrink_to_fit();
    }
}

impl<T: Shrink> Shrink for Option<T> {
    fn shrink(&mut self) {
        if let Some(t) = self {
            t.shrink();
        }
    }
}

impl<T: Shrink> Shrink for Box<T> {
    fn shrink(&mut self) {
        (**self).shrink();
    }
}

impl<A: Shrink, B: Shrink> Shrink for (A, B) {
    fn shrink(&mut self) {
        self.0.shrink();
        self.1.shrink();
    }
}

/// Values that hold no heap of their own to give back.
macro_rules! fixed {
    ($($t:ty),*) => {$(impl Shrink for $t { fn shrink(&mut self) {} })*};
}
fixed!(crate::source::Span, super::Arg, serde_json::Value);

impl Shrink for FnFacts {
    fn shrink(&mut self) {
        self.name.shrink();
        self.self_ty.shrink();
        self.impl_trait.shrink();
        self.returns.shrink();
        self.body.shrink();
    }
}

impl Shrink for FnBody {
    fn shrink(&mut self) {
        self.params.shrink();
        self.facts.shrink();
        self.calls.shrink();
        self.decoded.shrink();
        self.returns.shrink();
        self.returns_record.shrink();
        self.results.shrink();
        self.behaviour.shrink();
        self.named_arms.shrink();
        self.returning.shrink();
        self.unstructured.shrink();
        self.passed_on.shrink();
        self.uses.shrink();
        self.json_forms.shrink_to_fit();
    }
}

impl Shrink for ValueRef {
    fn shrink(&mut self) {
        self.root.shrink();
        self.key.shrink();
    }
}

impl Shrink for CodeFact {
    fn shrink(&mut self) {
        self.subject.shrink();
        match &mut self.kind {
            CodeFactKind::CompareOpaque { against, .. } => against.shrink(),
            CodeFactKind::ClampOpaque { against, .. } => against.shrink(),
            CodeFactKind::ClampRuntime { against } => against.shrink(),
            CodeFactKind::StrCompare { value } => value.shrink(),
            CodeFactKind::Default { fallback, .. } => fallback.shrink(),
            CodeFactKind::Cast { to, .. } => to.shrink(),
            CodeFactKind::Message { text, .. } => text.shrink(),
            CodeFactKind::OneOf(set) => {
                set.values.shrink();
                set.table.shrink();
            }
            CodeFactKind::Member(lookup) => {
                lookup.collection.shrink();
                lookup.members.shrink();
                lookup.code.shrink();
            }
            _ => {}
        }
    }
}

impl Shrink for CallFact {
    fn shrink(&mut self) {
        self.callee.shrink();
        self.args.shrink();
    }
}

impl Shrink for CallArg {
    fn shrink(&mut self) {
        match self {
            CallArg::Value(v) | CallArg::Read(v) => v.shrink(),
            CallArg::Record(fields) => fields.shrink(),
            CallArg::Literal(..) | CallArg::Other => {}
        }
    }
}

impl Shrink for Decoded {
    fn shrink(&mut self) {
        self.root.shrink();
        self.ty.shrink();
        self.from.shrink();
    }
}

impl Shrink for FnBehaviour {
    fn shrink(&mut self) {
        self.effects.shrink();
        self.comparisons.shrink();
        self.swallows.shrink();
        self.records.shrink();
        self.answers.shrink();
        self.variant_arms.shrink_to_fit();
        for v in &mut self.variant_arms {
            v.arms.iter_mut().for_each(|(_, keys)| keys.shrink_to_fit());
            v.arms.shrink_to_fit();
        }
    }
}

impl Shrink for Effect {
    fn shrink(&mut self) {
        match &mut self.kind {
            EffectKind::Call { callee, args, .. } => {
                callee.shrink();
                args.shrink();
            }
            EffectKind::SqlWrite { statement, set } => {
                statement.shrink();
                set.shrink();
            }
            EffectKind::Assign {
                field,
                member,
                fills_empty,
                ..
            } => {
                field.shrink();
                member.shrink();
                fills_empty.shrink();
            }
            EffectKind::Reject { roots, fields, .. } => {
                roots.shrink();
                fields.shrink();
            }
            EffectKind::ValidateMethod => {}
        }
    }
}

impl Shrink for Comparison {
    fn shrink(&mut self) {
        self.left.shrink();
        self.right.shrink();
    }
}

impl Shrink for Operand {
    fn shrink(&mut self) {
        self.path.shrink();
        self.element_of.shrink();
    }
}

impl Shrink for Swallow {
    fn shrink(&mut self) {
        self.how.shrink();
        self.from_call.shrink();
        self.failed_call.shrink();
        self.missed.shrink();
        self.property.shrink();
    }
}

impl Shrink for RecordList {
    fn shrink(&mut self) {
        self.name.shrink();
        self.ty.shrink();
        self.records.shrink();
    }
}

impl Shrink for StructFields {
    fn shrink(&mut self) {
        self.name.shrink();
        self.fields.shrink();
        self.guarded.shrink();
    }
}

impl Shrink for RootUse {
    fn shrink(&mut self) {
        self.root.shrink();
        self.fields.shrink();
        self.keys.shrink();
        self.keyed_by.shrink();
    }
}

#[cfg(test)]
mod tests {
    use super::Shrink;
    use crate::contract::{CallArg, EffectKind};

    const CODE: &str = r#"
        pub fn validate(input: &Input) -> Result<(), String> {
            if input.sku.is_empty() || input.sku.len() > 40 {
                return Err("sku must be 1 to 40 characters".into());
            }
            Ok(())
        }
        pub fn handle(basket: &mut Basket, input: Input) -> Result<(), String> {
            validate(&input)?;
            basket.lines.push((input.sku, input.quantity));
            Ok(())
        }
    "#;

    #[test]
    fn shrunk_facts_are_equal_and_hold_no_spare_room() {
        let id = crate::source::FileId(0);
        let facts = crate::extract::rust::extract(id, CODE).expect("parses");
        let mut fns = facts.fns.clone();
        fns.shrink();
        assert_eq!(fns, facts.fns);
        let bodies = || fns.iter().filter_map(|f| f.body.as_ref());
        for body in bodies() {
            assert_eq!(body.params.capacity(), body.params.len());
            for call in &body.calls {
                assert_eq!(call.args.capacity(), call.args.len());
                for arg in &call.args {
                    if let CallArg::Value(v) = arg {
                        assert_eq!(v.root.capacity(), v.root.len());
                    }
                }
            }
            for effect in &body.behaviour.effects {
                match &effect.kind {
                    EffectKind::Call { args, .. } => assert_eq!(args.capacity(), args.len()),
                    EffectKind::Reject { roots, fields, .. } => {
                        assert_eq!(roots.capacity(), roots.len());
                        assert_eq!(fields.capacity(), fields.len());
                    }
                    _ => {}
                }
            }
        }
        // The example has what the shrinking is for: arguments pushed one by one.
        let pushed = facts.fns.iter().filter_map(|f| f.body.as_ref());
        let spare = pushed
            .flat_map(|b| &b.calls)
            .any(|c| c.args.capacity() > c.args.len());
        assert!(spare, "the fixture no longer has spare room to give back");
    }
}

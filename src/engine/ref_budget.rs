//! One budget per run for schema nodes read again through `$ref`s. Each schema's reader
//! stops at its own cap ([`crate::extract::schema::MAX_VISITS`]), but the rules walk every
//! use of a shared definition, so ten tools sharing a definition that fans out cost ten
//! budgets. The engine charges the schemas here one after another, in the order of the
//! groups and their declarations (never the order threads finish in, so every thread count
//! gives the same answer): a node met again, in this schema or an earlier one, costs its
//! whole expansion; a node met first is the text itself and costs nothing, since the file
//! size limit bounds it. Past the budget a use is cut to its location and reported (S007),
//! once per schema, and the run goes on.

use crate::contract::{NodeFacts, SchemaFacts, SchemaNode, SchemaProblem};
use crate::source::{FileId, Span};
use fnv::{FnvHashMap, FnvHashSet};
use std::sync::Arc;

/// Schema nodes read again through `$ref`s, summed over every schema of the run.
pub const MAX_REPEATS: usize = crate::extract::schema::MAX_VISITS;

type Key = (FileId, usize);

pub struct RefBudget {
    /// Where each node met so far in the run is written.
    seen: FnvHashSet<Key>,
    /// Each node's expansion, by the facts it reads (shared facts are one entry).
    sizes: FnvHashMap<*const NodeFacts, usize>,
    left: usize,
}

impl RefBudget {
    pub fn new() -> RefBudget {
        RefBudget {
            seen: FnvHashSet::default(),
            sizes: FnvHashMap::default(),
            left: MAX_REPEATS,
        }
    }

    /// Charge one schema; past the budget, cut its repeated uses and say where.
    pub fn charge(&mut self, schema: &mut SchemaFacts) {
        let mut met = FnvHashSet::default();
        let cost = self.cost(&schema.root, &mut met);
        if cost <= self.left {
            self.left -= cost;
            self.seen.extend(met);
            return;
        }
        let mut met = FnvHashSet::default();
        let mut cut = None;
        let at = schema.span;
        self.cut(&mut schema.root, at, &mut met, &mut cut);
        self.seen.extend(met);
        // Cutting changed nodes in place: their sizes no longer hold, and none is asked
        // for again once the budget is spent.
        self.sizes.clear();
        if let Some(span) = cut {
            schema.problems.push(SchemaProblem::RunBudget {
                span,
                limit: MAX_REPEATS,
            });
        }
    }

    /// Whether `node` was met before (in the run or this schema); records it if not.
    fn repeat(&self, node: &SchemaNode, met: &mut FnvHashSet<Key>) -> bool {
        node.span.is_some_and(|s| {
            self.seen.contains(&(s.file, s.start())) || !met.insert((s.file, s.start()))
        })
    }

    fn cost(&mut self, node: &SchemaNode, met: &mut FnvHashSet<Key>) -> usize {
        if self.repeat(node, met) {
            return self.size(node);
        }
        let mut sum = 0usize;
        for_each_child(node, |c| sum = sum.saturating_add(self.cost(c, met)));
        sum
    }

    fn cut(
        &mut self,
        node: &mut SchemaNode,
        at: Span,
        met: &mut FnvHashSet<Key>,
        cut: &mut Option<Span>,
    ) {
        if self.repeat(node, met) {
            let size = match self.left {
                0 => usize::MAX,
                _ => self.size(node),
            };
            if size <= self.left {
                self.left -= size;
            } else {
                self.left = 0;
                cut.get_or_insert(at);
                let span = node.span;
                *node = SchemaNode::default();
                node.span = span;
            }
            return;
        }
        let at = node.span.unwrap_or(at);
        let facts = &mut **node;
        if let Some(o) = &mut facts.object {
            for p in &mut Arc::make_mut(o).properties {
                self.cut(&mut p.schema, at, met, cut);
            }
        }
        if let Some(items) = &mut facts.items {
            self.cut(items, at, met, cut);
        }
    }

    /// Nodes a walk of `node` meets, each use of shared facts counted again.
    fn size(&mut self, node: &SchemaNode) -> usize {
        let key = node.facts_ptr();
        if let Some(&n) = self.sizes.get(&key) {
            return n;
        }
        let mut n = 1usize;
        for_each_child(node, |c| n = n.saturating_add(self.size(c)));
        self.sizes.insert(key, n);
        n
    }
}

/// The nodes directly below `node`: its properties' schemas, then its items.
fn for_each_child(node: &SchemaNode, mut f: impl FnMut(&SchemaNode)) {
    if let Some(o) = &node.object {
        o.properties.iter().for_each(|p| f(&p.schema));
    }
    if let Some(items) = &node.items {
        f(items);
    }
}

//! Values through the module: names bound while a tool value is read (a helper's parameters,
//! a loop variable, a callback's parameter), objects with their spreads, members read off a
//! known object, and the items of a known array (`[...A, ...B]`, `A.map(toTool)`,
//! `Object.values(TOOLS)`). A name is bound only inside the function or loop that declares it,
//! so a name of the same spelling elsewhere is not taken for it; what cannot be followed says
//! why, and is never guessed.

use super::{BindingKind, MAX_RESOLVE_DEPTH, Module, describe};
use oxc_ast::ast::{
    Argument, ArrayExpressionElement, ArrowFunctionBody, ArrowFunctionExpression, BindingPattern,
    CallExpression, Class, ClassElement, Expression, FormalParameters, Function, FunctionBody,
    MethodDefinitionKind, ObjectExpression, ObjectPropertyKind, PropertyKind, ReturnStatement,
};
use oxc_ast_visit::{Visit, walk};
use oxc_span::{GetSpan, Span};
use oxc_syntax::scope::ScopeFlags;
use std::rc::Rc;

/// An expression, and the names bound while it is read.
#[derive(Clone, Debug)]
pub struct Located {
    /// The module it is written in (an index into [`Module`]'s units).
    pub unit: usize,
    pub span: Span,
    pub env: Env,
}

/// The names bound while a value is read, innermost first.
#[derive(Clone, Debug, Default)]
pub struct Env(Option<Rc<Frame>>);

#[derive(Debug)]
struct Frame {
    name: String,
    /// The declaration of the name (a parameter's identifier), when known: a read is bound
    /// only when it resolves to that symbol, not to a local of the same name inside.
    binding: Option<Span>,
    /// The function or loop that declares the name (in module `unit`): it is bound only
    /// inside.
    unit: usize,
    scope: Span,
    value: Bound,
    parent: Env,
}

/// What a name is bound to: one value, or the arguments a rest parameter (`...args`) gathers.
#[derive(Clone, Debug)]
pub enum Bound {
    One(Located),
    Rest(Vec<Located>),
}

impl Env {
    pub fn bind(&self, name: String, unit: usize, scope: Span, value: Located) -> Env {
        self.bind_at(name, None, unit, scope, Bound::One(value))
    }

    fn bind_at(
        &self,
        name: String,
        binding: Option<Span>,
        unit: usize,
        scope: Span,
        value: Bound,
    ) -> Env {
        Env(Some(Rc::new(Frame {
            name,
            binding,
            unit,
            scope,
            value,
            parent: self.clone(),
        })))
    }

    /// The bindings in force at `at` in module `unit`: the whole environment if a frame's
    /// function or loop encloses it, else none.
    pub fn inside(&self, unit: usize, at: Span) -> Env {
        let mut frame = self.0.as_deref();
        while let Some(f) = frame {
            if f.unit == unit && f.scope.start <= at.start && at.end <= f.scope.end {
                return self.clone();
            }
            frame = f.parent.0.as_deref();
        }
        Env::default()
    }

    /// What `name`, read at `at` in module `unit`, is bound to. `symbol` is the declaration
    /// the read resolves to in the semantic model (`Some(None)`: a global; `None`: not known
    /// there).
    fn lookup(
        &self,
        name: &str,
        unit: usize,
        at: Span,
        symbol: Option<Option<Span>>,
    ) -> Option<Bound> {
        let mut frame = self.0.as_deref();
        while let Some(f) = frame {
            let same_symbol = match (f.binding, symbol) {
                (Some(b), Some(s)) => s == Some(b),
                _ => true,
            };
            if f.name == name
                && f.unit == unit
                && f.scope.start <= at.start
                && at.end <= f.scope.end
                && same_symbol
            {
                return Some(f.value.clone());
            }
            frame = f.parent.0.as_deref();
        }
        None
    }
}

/// What a name stands for.
pub enum Value {
    /// An expression: a constant's initialiser, or what a parameter or loop variable holds.
    At(Located),
    /// A function declared in module `unit` (its whole span).
    Function { unit: usize, span: Span },
}

/// One member of an object literal, its spreads of known objects expanded.
pub enum Member {
    Field(Field),
    /// A spread or computed key that is not known statically.
    Hole(Hole),
}

pub struct Field {
    pub key: String,
    pub key_span: Span,
    pub value: Located,
    /// Written as a method, getter or setter: no value `JSON.stringify` would keep.
    pub method: bool,
    pub span: Span,
}

#[derive(Clone, Copy, PartialEq)]
pub enum HoleKind {
    Spread,
    ComputedKey,
}

#[derive(Clone)]
pub struct Hole {
    pub kind: HoleKind,
    /// The module `span` is in.
    pub unit: usize,
    pub span: Span,
    pub reason: String,
}

/// A function given as a callback (`map`, `forEach`), read once per item it is called with.
pub struct Callback {
    /// The module it is written in.
    pub unit: usize,
    /// The whole function: its parameters are bound only inside.
    pub scope: Span,
    params: Vec<Param>,
    /// The expression it returns: an arrow's expression body, or the one `return` of its body.
    pub result: Result<Span, String>,
    /// What each `return` of its body returns (`None` for a bare `return`); an arrow's
    /// expression body is its one.
    pub returns: Vec<Option<Span>>,
    /// The names bound where the callback was written.
    env: Env,
}

/// One parameter, with the span of each name it declares (its symbol's declaration).
enum Param {
    Name(String, Span),
    /// `({ name, inputSchema: schema })`: each local bound to that member of the item.
    Object(Vec<(String, String, Span)>),
    /// `...args`: the arguments from here on.
    Rest(String, Span),
    Other,
}

impl Module<'_, '_> {
    pub fn current(&self) -> Env {
        self.env.borrow().clone()
    }

    pub fn here(&self, span: Span) -> Located {
        Located {
            unit: self.unit.get(),
            span,
            env: self.current(),
        }
    }

    /// Run `f` with `env` as the bindings in force.
    pub fn with_env<R>(&self, env: Env, f: impl FnOnce() -> R) -> R {
        let saved = self.env.replace(env);
        let out = f();
        *self.env.borrow_mut() = saved;
        out
    }

    /// Run `f` with module `unit` as the one whose code is read.
    pub fn in_unit<R>(&self, unit: usize, f: impl FnOnce() -> R) -> R {
        let saved = self.unit.replace(unit);
        let out = f();
        self.unit.set(saved);
        out
    }

    /// Run `f` on the expression at `at`, with its module and bindings in force.
    pub fn read<R>(&self, at: &Located, f: impl FnOnce(&Expression) -> R) -> Option<R> {
        self.in_unit(at.unit, || {
            self.with_env(at.env.clone(), || self.with_expr(at.span, f))
        })
    }

    /// What the name `name`, read at `at`, stands for: a bound name first, then the module's
    /// one constant or function of that name, then what it imports under that name.
    pub fn name_value(&self, name: &str, at: Span) -> Result<Value, String> {
        match self.bound(name, at) {
            Some(Bound::One(l)) => Ok(Value::At(l)),
            Some(Bound::Rest(_)) => Err(format!("`{name}` is a rest parameter")),
            None => self.declared(name, 0),
        }
    }

    /// What the name read at `at` is bound to while the value being read is read.
    pub fn bound(&self, name: &str, at: Span) -> Option<Bound> {
        let unit = self.unit.get();
        let symbol = self.declaration_of(unit, at);
        self.env.borrow().lookup(name, unit, at, symbol)
    }

    /// The module-level value `name` stands for in the current module: its one constant or
    /// function, or the export of another module of the package it imports.
    pub fn declared(&self, name: &str, depth: usize) -> Result<Value, String> {
        let unit = self.unit.get();
        let data = self.unit_data(unit);
        let import = data.bindings.imports.get(name).cloned();
        // A parameter or a declaration of the same name anywhere in the module may shadow
        // the import where the name is read: not resolved rather than resolved wrongly.
        let shadowed =
            data.bindings.params.contains(name) || data.bindings.by_name.contains_key(name);
        match (self.constant(name), import) {
            (_, Some(_)) if shadowed => Err(format!(
                "`{name}` is both imported and declared in this module"
            )),
            (Ok(b), None) => Ok(match b.kind {
                BindingKind::Function => Value::Function { unit, span: b.span },
                _ => Value::At(Located {
                    unit,
                    span: b.span,
                    // A local of a function read with its parameters bound (`const native =
                    // { name: tool.name }` in a hook) is read with them bound.
                    env: self.current().inside(unit, b.span),
                }),
            }),
            (Err(reason), None) => Err(reason),
            (_, Some(import)) => self.imported(unit, &import, depth),
        }
    }

    /// The members of an object literal, spreads of known objects expanded in place.
    pub fn fields(&self, o: &ObjectExpression, depth: usize) -> Vec<Member> {
        let mut out = Vec::new();
        for p in &o.properties {
            let p = match p {
                ObjectPropertyKind::SpreadProperty(s) => {
                    match self.object_of(&s.argument, depth + 1) {
                        Ok(members) => out.extend(members),
                        Err(reason) => out.push(Member::Hole(Hole {
                            unit: self.unit.get(),
                            kind: HoleKind::Spread,
                            span: s.span,
                            reason,
                        })),
                    }
                    continue;
                }
                ObjectPropertyKind::ObjectProperty(p) => p,
            };
            // `[KEY]: ..` with `KEY` a string constant of the module is known.
            let key = match (p.key.static_name(), p.key.as_expression()) {
                (Some(k), _) => k.to_string(),
                (None, Some(e)) => match self.static_string(e, depth) {
                    Ok((k, _)) => k,
                    Err(reason) => {
                        out.push(Member::Hole(Hole {
                            unit: self.unit.get(),
                            kind: HoleKind::ComputedKey,
                            span: p.key.span(),
                            reason,
                        }));
                        continue;
                    }
                },
                (None, None) => continue,
            };
            out.push(Member::Field(Field {
                key,
                key_span: p.key.span(),
                value: self.here(p.value.span()),
                method: p.kind != PropertyKind::Init || p.method,
                span: p.span,
            }));
        }
        out
    }

    /// Whether `e` is `undefined`: written so, or a member a known object does not have.
    pub fn absent(&self, e: &Expression) -> bool {
        match e.get_inner_expression() {
            Expression::Identifier(id) => {
                id.name == "undefined" && self.name_value("undefined", id.span).is_err()
            }
            Expression::StaticMemberExpression(m) => {
                matches!(self.member(&m.object, &m.property.name, 0), Ok(None))
            }
            Expression::ComputedMemberExpression(c) => self
                .static_string(&c.expression, 0)
                .is_ok_and(|(key, _)| matches!(self.member(&c.object, &key, 0), Ok(None))),
            _ => false,
        }
    }

    /// The members of the object `e` is, or why it is not a known object.
    pub fn object_of(&self, e: &Expression, depth: usize) -> Result<Vec<Member>, String> {
        if depth >= MAX_RESOLVE_DEPTH {
            return Err("constants nest too deeply".into());
        }
        match e.get_inner_expression() {
            Expression::ObjectExpression(o) => Ok(self.fields(o, depth)),
            other => {
                let at = self.value_of(other, depth)?;
                self.read(&at, |v| self.object_of(v, depth + 1))
                    .unwrap_or_else(|| Err("not a value".into()))
            }
        }
    }

    /// Where the value of a name or of a member read is written: `TOOLS`, `def.inputSchema`,
    /// `TOOLS.search`.
    pub fn value_of(&self, e: &Expression, depth: usize) -> Result<Located, String> {
        if depth >= MAX_RESOLVE_DEPTH {
            return Err("constants nest too deeply".into());
        }
        match e.get_inner_expression() {
            Expression::Identifier(id) => match self.name_value(&id.name, id.span)? {
                Value::At(l) => Ok(l),
                Value::Function { .. } => Err(format!("`{}` is a function", id.name)),
            },
            Expression::StaticMemberExpression(m) => {
                match self.member(&m.object, &m.property.name, depth + 1)? {
                    Some(l) => Ok(l),
                    None => Err(format!(
                        "`{}` is not a member of that object",
                        m.property.name
                    )),
                }
            }
            // `args[0]`: an item of a known array.
            Expression::ComputedMemberExpression(c) => match c.expression.get_inner_expression() {
                Expression::NumericLiteral(_) if self.filled_in_place(&c.object) => Err(
                    "an item by index of a list filled by `push`: which pushes ran is not known"
                        .into(),
                ),
                Expression::NumericLiteral(n) if n.value.fract() == 0.0 && n.value >= 0.0 => {
                    let items = self.elements(&c.object, depth + 1)?;
                    match items.into_iter().nth(n.value as usize) {
                        Some(Ok(l)) => Ok(l),
                        Some(Err(h)) => Err(h.reason),
                        None => Err(format!("the array has no item {}", n.value)),
                    }
                }
                // `SCHEMAS[t.name]`: a member named by a known string.
                key => {
                    let (key, _) = self.static_string(key, depth + 1)?;
                    match self.member(&c.object, &key, depth + 1)? {
                        Some(l) => Ok(l),
                        None => Err(format!("`{key}` is not a member of that object")),
                    }
                }
            },
            other => Err(describe(other)),
        }
    }

    /// The member `key` of the object `object` is: `None` when the object is known and has no
    /// such member.
    pub fn member(
        &self,
        object: &Expression,
        key: &str,
        depth: usize,
    ) -> Result<Option<Located>, String> {
        let members = self.object_of(object, depth)?;
        // The last writing wins, as in JavaScript; a hole after it may replace it.
        for m in members.iter().rev() {
            match m {
                Member::Field(f) if f.key == key => {
                    if f.method {
                        return Err(format!("`{key}` is a method or accessor"));
                    }
                    return Ok(Some(f.value.clone()));
                }
                Member::Hole(h) => return Err(h.reason.clone()),
                Member::Field(_) => {}
            }
        }
        Ok(None)
    }

    /// The items of the array `e` is: each item, or why that item is not known (a spread of an
    /// unknown array, a hole); `Err` when the array itself is not known.
    pub fn elements(
        &self,
        e: &Expression,
        depth: usize,
    ) -> Result<Vec<Result<Located, Hole>>, String> {
        if depth >= MAX_RESOLVE_DEPTH {
            return Err("constants nest too deeply".into());
        }
        match e.get_inner_expression() {
            Expression::ArrayExpression(a) => {
                let mut out = Vec::new();
                for el in &a.elements {
                    match el {
                        ArrayExpressionElement::SpreadElement(s) => {
                            match self.elements(&s.argument, depth + 1) {
                                Ok(items) => out.extend(items),
                                Err(reason) => out.push(Err(Hole {
                                    unit: self.unit.get(),
                                    kind: HoleKind::Spread,
                                    span: s.span,
                                    reason,
                                })),
                            }
                        }
                        ArrayExpressionElement::Elision(h) => out.push(Err(Hole {
                            unit: self.unit.get(),
                            kind: HoleKind::Spread,
                            span: h.span,
                            reason: "a hole in the array".into(),
                        })),
                        el => match el.as_expression() {
                            Some(x) => out.push(Ok(self.here(x.span()))),
                            None => out.push(Err(Hole {
                                unit: self.unit.get(),
                                kind: HoleKind::Spread,
                                span: el.span(),
                                reason: "not a value".into(),
                            })),
                        },
                    }
                }
                Ok(out)
            }
            Expression::CallExpression(c) => {
                let callee = c.callee.get_inner_expression();
                let arg = c.arguments.first().and_then(|a| a.as_expression());
                // `Object.values(TOOLS)`: the members' values, in order.
                if callee.is_specific_member_access("Object", "values")
                    && let Some(arg) = arg
                {
                    let members = self.object_of(arg, depth + 1)?;
                    return Ok(members
                        .into_iter()
                        .map(|m| match m {
                            Member::Field(f) if !f.method => Ok(f.value),
                            Member::Field(f) => Err(Hole {
                                unit: self.unit.get(),
                                kind: HoleKind::Spread,
                                span: f.span,
                                reason: "a method or accessor".into(),
                            }),
                            Member::Hole(h) => Err(h),
                        })
                        .collect());
                }
                // `DEFS.map(toTool)`: each item as the callback returns it.
                if let Some(m) = callee.as_member_expression()
                    && m.static_property_name() == Some("map")
                    && c.arguments.len() == 1
                    && let Some(arg) = arg
                {
                    let items = self.elements(m.object(), depth + 1)?;
                    let cb = self.callback(arg)?;
                    let result = cb.result.clone()?;
                    return Ok(items
                        .into_iter()
                        .map(|item| {
                            item.map(|l| Located {
                                unit: cb.unit,
                                span: result,
                                env: self.bind_callback(&cb, &l),
                            })
                        })
                        .collect());
                }
                // `getTools(deps)`, `this.getTools()`: the array the function returns.
                let (cb, env) = self.called(c)?;
                if cb.returns.len() < 2 {
                    let at = Located {
                        unit: cb.unit,
                        span: cb.result?,
                        env,
                    };
                    return self
                        .read(&at, |v| self.elements(v, depth + 1))
                        .unwrap_or_else(|| Err("not a value".into()));
                }
                // Several `return`s (`return TOOLS` in one mode, a list built at run time in
                // another): the items of each that is known are registered where it is
                // returned; one that is not known is a hole at this call.
                let mut out = Vec::new();
                for span in cb.returns.iter().flatten() {
                    let at = Located {
                        unit: cb.unit,
                        span: *span,
                        env: env.clone(),
                    };
                    match self.read(&at, |v| self.elements(v, depth + 1)) {
                        Some(Ok(items)) => out.extend(items),
                        Some(Err(reason)) => out.push(Err(Hole {
                            unit: self.unit.get(),
                            kind: HoleKind::Spread,
                            span: c.span,
                            reason: format!("one of the lists it returns: {reason}"),
                        })),
                        None => {}
                    }
                }
                Ok(out)
            }
            other => {
                // `...args`: the arguments it gathered at this call.
                if let Expression::Identifier(id) = other
                    && let Some(Bound::Rest(items)) = self.bound(&id.name, id.span)
                {
                    return Ok(items.into_iter().map(Ok).collect());
                }
                // `const tools = []; tools.push(..)`: what the function put in it.
                if let Expression::Identifier(id) = other
                    && self.bound(&id.name, id.span).is_none()
                    && let Some(items) = self.pushed_items(id, depth)
                {
                    return items;
                }
                // A list's name declared elsewhere too: the declaration this read resolves to.
                if let Expression::Identifier(id) = other
                    && self.bound(&id.name, id.span).is_none()
                    && let Some(found) = self.declared_once_here(&id.name, id.span)
                {
                    let at = match found? {
                        Value::At(l) => l,
                        Value::Function { .. } => {
                            return Err(format!("`{}` is a function", id.name));
                        }
                    };
                    return self
                        .read(&at, |v| self.elements(v, depth + 1))
                        .unwrap_or_else(|| Err("not a value".into()));
                }
                let at = self.value_of(other, depth)?;
                self.read(&at, |v| self.elements(v, depth + 1))
                    .unwrap_or_else(|| Err("not a value".into()))
            }
        }
    }

    /// The function `e` is (written there, or a constant or function of the module).
    pub fn callback(&self, e: &Expression) -> Result<Callback, String> {
        let (unit, span) = match e.get_inner_expression() {
            Expression::ArrowFunctionExpression(f) => (self.unit.get(), f.span),
            Expression::FunctionExpression(f) => (self.unit.get(), f.span),
            Expression::Identifier(id) => match self.name_value(&id.name, id.span)? {
                Value::Function { unit, span } => (unit, span),
                Value::At(l) => {
                    return self
                        .read(&l, |v| match v.get_inner_expression() {
                            Expression::ArrowFunctionExpression(_)
                            | Expression::FunctionExpression(_) => self.callback(v),
                            other => Err(describe(other)),
                        })
                        .unwrap_or_else(|| Err("not a value".into()));
                }
            },
            other => return Err(describe(other)),
        };
        self.in_unit(unit, || self.function_at(span))
            .ok_or_else(|| "not a function of this module".into())
    }

    /// What the call `c` of a known function returns (`toTool(def)`, an imported
    /// `getTools(deps)`, a method of the enclosing class `this.getTools()`): its one
    /// returned expression, with its first parameter bound to the first argument.
    pub fn returned_by(&self, c: &CallExpression) -> Result<Located, String> {
        let (cb, env) = self.called(c)?;
        Ok(Located {
            unit: cb.unit,
            span: cb.result?,
            env,
        })
    }

    /// The function the call `c` calls, and the bindings its body is read under there.
    pub fn called(&self, c: &CallExpression) -> Result<(Callback, Env), String> {
        let callee = c.callee.get_inner_expression();
        let cb = match callee {
            Expression::Identifier(_) => self.callback(callee)?,
            Expression::StaticMemberExpression(m)
                if matches!(
                    m.object.get_inner_expression(),
                    Expression::ThisExpression(_)
                ) =>
            {
                let span = self
                    .method_of_this(&m.property.name, c.span)
                    .ok_or_else(|| {
                        format!("`this.{}` is not a method of the class", m.property.name)
                    })?;
                self.function_at(span)
                    .ok_or_else(|| "not a function of this module".to_string())?
            }
            other => return Err(describe(other)),
        };
        let env = self.bind_call(&cb, &self.arguments(&c.arguments));
        Ok((cb, env))
    }

    /// The method `name` of the innermost class written around `at` (its function's span):
    /// what `this.name(..)` calls there. Not when a class of the module extends that class
    /// (it may override the method), nor an inherited or static method.
    fn method_of_this(&self, name: &str, at: Span) -> Option<Span> {
        #[derive(Default)]
        struct Find<'n> {
            name: &'n str,
            at: Span,
            /// The innermost class around `at`: its name, and the method.
            around: Option<(Option<String>, Option<Span>)>,
            extended: Vec<String>,
        }
        impl<'a> Visit<'a> for Find<'_> {
            fn visit_class(&mut self, it: &Class<'a>) {
                if let Some(Expression::Identifier(base)) = it
                    .heritage
                    .as_ref()
                    .map(|h| h.expression.get_inner_expression())
                {
                    self.extended.push(base.name.to_string());
                }
                if it.span.start <= self.at.start && self.at.end <= it.span.end {
                    let method = it.body.body.iter().find_map(|e| match e {
                        ClassElement::MethodDefinition(m)
                            if m.kind == MethodDefinitionKind::Method
                                && !m.r#static
                                && !m.computed
                                && m.key.static_name().as_deref() == Some(self.name) =>
                        {
                            Some(m.value.span)
                        }
                        _ => None,
                    });
                    self.around = Some((it.id.as_ref().map(|id| id.name.to_string()), method));
                }
                walk::walk_class(self, it);
            }
        }
        let mut find = Find {
            name,
            at,
            ..Find::default()
        };
        find.visit_program(self.program());
        let (class, method) = find.around?;
        match class {
            Some(c) if find.extended.contains(&c) => None,
            _ => method,
        }
    }

    /// A call's arguments up to the first spread (after it, positions are not known).
    pub fn arguments(&self, args: &[Argument]) -> Vec<Located> {
        args.iter()
            .map_while(|a| a.as_expression().map(|e| self.here(e.span())))
            .collect()
    }

    /// The bindings a callback's body is read under when it is called with `item`.
    pub fn bind_callback(&self, cb: &Callback, item: &Located) -> Env {
        self.bind_call(cb, std::slice::from_ref(item))
    }

    /// The bindings a function's body is read under when it is called with `args` (each
    /// parameter bound to its argument, a rest parameter to the ones left).
    pub fn bind_call(&self, cb: &Callback, args: &[Located]) -> Env {
        let mut env = cb.env.clone();
        for (i, p) in cb.params.iter().enumerate() {
            let bind = |env: &Env, name: &str, at: Span, v: Bound| {
                env.bind_at(name.to_string(), Some(at), cb.unit, cb.scope, v)
            };
            env = match (p, args.get(i)) {
                (Param::Name(n, at), Some(a)) => bind(&env, n, *at, Bound::One(a.clone())),
                (Param::Object(pairs), Some(a)) => {
                    pairs.iter().fold(env, |env, (key, local, at)| {
                        match self.read(a, |v| self.member(v, key, 0)) {
                            Some(Ok(Some(l))) => bind(&env, local, *at, Bound::One(l)),
                            _ => env,
                        }
                    })
                }
                (Param::Rest(n, at), _) => bind(
                    &env,
                    n,
                    *at,
                    Bound::Rest(args.get(i..).unwrap_or(&[]).to_vec()),
                ),
                _ => env,
            };
        }
        env
    }

    /// The function (declaration, expression or arrow) written at `span`.
    pub fn function_at(&self, span: Span) -> Option<Callback> {
        struct Find {
            target: Span,
            out: Option<(Vec<Param>, Vec<Option<Span>>)>,
        }
        impl<'a> Visit<'a> for Find {
            fn visit_function(&mut self, it: &Function<'a>, flags: ScopeFlags) {
                if self.out.is_some() {
                    return;
                }
                if it.span == self.target {
                    let returns = it.body.as_deref().map(returns).unwrap_or_default();
                    self.out = Some((params(&it.params), returns));
                    return;
                }
                walk::walk_function(self, it, flags);
            }
            fn visit_arrow_function_expression(&mut self, it: &ArrowFunctionExpression<'a>) {
                if self.out.is_some() {
                    return;
                }
                if it.span == self.target {
                    let returns = match &it.body {
                        ArrowFunctionBody::FunctionBody(body) => returns(body),
                        body => vec![Some(body.span())],
                    };
                    self.out = Some((params(&it.params), returns));
                    return;
                }
                walk::walk_arrow_function_expression(self, it);
            }
        }
        let mut find = Find {
            target: span,
            out: None,
        };
        find.visit_program(self.program());
        let (params, returns) = find.out?;
        Some(Callback {
            unit: self.unit.get(),
            scope: span,
            params,
            result: returned(&returns),
            returns,
            env: self.current(),
        })
    }
}

fn params(params: &FormalParameters) -> Vec<Param> {
    let mut out: Vec<Param> = params
        .items
        .iter()
        .map(|p| match &p.pattern {
            BindingPattern::BindingIdentifier(id) => Param::Name(id.name.to_string(), id.span),
            BindingPattern::ObjectPattern(o) => Param::Object(
                o.properties
                    .iter()
                    .filter_map(|p| match (&p.value, p.key.static_name()) {
                        (BindingPattern::BindingIdentifier(id), Some(k)) if !p.computed => {
                            Some((k.to_string(), id.name.to_string(), id.span))
                        }
                        _ => None,
                    })
                    .collect(),
            ),
            _ => Param::Other,
        })
        .collect();
    if let Some(r) = &params.rest
        && let BindingPattern::BindingIdentifier(id) = &r.rest.argument
    {
        out.push(Param::Rest(id.name.to_string(), id.span));
    }
    out
}

/// What each `return` of a function body returns (nested functions' `return`s are theirs).
fn returns(body: &FunctionBody) -> Vec<Option<Span>> {
    #[derive(Default)]
    struct Returns(Vec<Option<Span>>);
    impl<'a> Visit<'a> for Returns {
        fn visit_return_statement(&mut self, it: &ReturnStatement<'a>) {
            self.0.push(it.argument.as_ref().map(GetSpan::span));
        }
        fn visit_function(&mut self, _: &Function<'a>, _: ScopeFlags) {}
        fn visit_arrow_function_expression(&mut self, _: &ArrowFunctionExpression<'a>) {}
    }
    let mut r = Returns::default();
    r.visit_function_body(body);
    r.0
}

/// The one expression a function returns.
fn returned(returns: &[Option<Span>]) -> Result<Span, String> {
    match returns {
        [Some(span)] => Ok(*span),
        [None] | [] => Err("a callback that returns nothing".into()),
        more => Err(format!("a callback with {} `return`s", more.len())),
    }
}

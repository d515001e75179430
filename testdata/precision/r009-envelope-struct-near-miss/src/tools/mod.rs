use serde::Deserialize;
use serde_json::Value;
use std::sync::Mutex;

#[derive(Default)]
pub struct Shelf {
    items: Mutex<Vec<(String, u32)>>,
}

#[derive(Deserialize)]
pub struct FindItemsArgs {
    pub text: String,
    pub limit: Option<usize>,
}

#[derive(Deserialize)]
pub struct RestockArgs {
    pub item: String,
    pub count: u32,
}

pub fn find_items(shelf: &Shelf, args: Value) -> anyhow::Result<String> {
    let args: FindItemsArgs = serde_json::from_value(args)?;
    let items = shelf.items.lock().unwrap();
    let found: Vec<&str> = items
        .iter()
        .filter(|(name, _)| name.contains(&args.text))
        .take(args.limit.unwrap_or(10))
        .map(|(name, _)| name.as_str())
        .collect();
    Ok(found.join(", "))
}

pub fn restock(shelf: &Shelf, args: Value) -> anyhow::Result<String> {
    let args: RestockArgs = serde_json::from_value(args)?;
    if args.count == 0 {
        anyhow::bail!("count must be at least 1");
    }
    let mut items = shelf.items.lock().unwrap();
    match items.iter_mut().find(|(name, _)| *name == args.item) {
        Some((_, n)) => *n += args.count,
        None => items.push((args.item.clone(), args.count)),
    }
    Ok(format!("{} restocked", args.item))
}

//! A ledger over Postgres. Checking a connection out of the pool changes nothing a later
//! call sees; a statement inside a transaction that is rolled back on the path that refuses
//! the call never happened. `balance`, `preview_transfer` and `transfer` must stay silent;
//! `transfer_autocommit` and `preview_committed`, their twins whose statements do stay,
//! must not.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AccountParams {
    /// The account, for example ACC-7.
    #[schemars(length(min = 1, max = 20))]
    pub account: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TransferParams {
    /// The account the money leaves.
    #[schemars(length(min = 1, max = 20))]
    pub from: String,
    /// The account the money goes to.
    #[schemars(length(min = 1, max = 20))]
    pub to: String,
    /// Amount in cents, at least 1.
    #[schemars(range(min = 1))]
    pub cents: i64,
}

pub struct Ledger {
    pool: sqlx::PgPool,
}

fn check_account(account: &str) -> Result<(), String> {
    if account.is_empty() || account.chars().count() > 20 {
        return Err("an account is 1 to 20 characters long".into());
    }
    Ok(())
}

#[tool_router]
impl Ledger {
    #[tool(description = "Tells an account's balance.", annotations(read_only_hint = true))]
    async fn balance(&self, Parameters(p): Parameters<AccountParams>) -> Result<String, String> {
        check_account(&p.account)?;
        let mut conn = self.pool.acquire().await.map_err(|e| e.to_string())?;
        let (cents,): (i64,) = sqlx::query_as("SELECT balance FROM accounts WHERE id = $1")
            .bind(&p.account)
            .fetch_one(&mut *conn)
            .await
            .map_err(|e| e.to_string())?;
        Ok(format!("{cents} cents"))
    }

    /// Applies the transfer inside a transaction to read the balance it would leave, then
    /// always rolls it back.
    #[tool(
        description = "Tells the balance a transfer would leave, without making it.",
        annotations(read_only_hint = true)
    )]
    async fn preview_transfer(&self, Parameters(p): Parameters<TransferParams>) -> Result<String, String> {
        check_account(&p.from)?;
        check_account(&p.to)?;
        if p.cents < 1 {
            return Err("cents must be at least 1".into());
        }
        let mut tx = self.pool.begin().await.map_err(|e| e.to_string())?;
        sqlx::query("UPDATE accounts SET balance = balance - $1 WHERE id = $2")
            .bind(p.cents)
            .bind(&p.from)
            .execute(&mut *tx)
            .await
            .map_err(|e| e.to_string())?;
        let (left,): (i64,) = sqlx::query_as("SELECT balance FROM accounts WHERE id = $1")
            .bind(&p.from)
            .fetch_one(&mut *tx)
            .await
            .map_err(|e| e.to_string())?;
        tx.rollback().await.map_err(|e| e.to_string())?;
        Ok(format!("{left} cents would be left"))
    }

    /// The same preview, committed by mistake: the debit stays.
    #[tool(
        description = "Tells the balance a transfer would leave, second way.",
        annotations(read_only_hint = true)
    )]
    async fn preview_committed(&self, Parameters(p): Parameters<TransferParams>) -> Result<String, String> {
        check_account(&p.from)?;
        check_account(&p.to)?;
        if p.cents < 1 {
            return Err("cents must be at least 1".into());
        }
        let mut tx = self.pool.begin().await.map_err(|e| e.to_string())?;
        sqlx::query("UPDATE accounts SET balance = balance - $1 WHERE id = $2")
            .bind(p.cents)
            .bind(&p.from)
            .execute(&mut *tx)
            .await
            .map_err(|e| e.to_string())?;
        tx.commit().await.map_err(|e| e.to_string())?;
        Ok("previewed".into())
    }

    /// Debits first, then refuses an overdraft after rolling the debit back.
    #[tool(description = "Moves money between two accounts.", annotations(read_only_hint = false))]
    async fn transfer(&self, Parameters(p): Parameters<TransferParams>) -> Result<String, String> {
        check_account(&p.from)?;
        check_account(&p.to)?;
        let mut tx = self.pool.begin().await.map_err(|e| e.to_string())?;
        sqlx::query("UPDATE accounts SET balance = balance - $1 WHERE id = $2")
            .bind(p.cents)
            .bind(&p.from)
            .execute(&mut *tx)
            .await
            .map_err(|e| e.to_string())?;
        if p.cents < 1 {
            tx.rollback().await.map_err(|e| e.to_string())?;
            return Err("cents must be at least 1".into());
        }
        sqlx::query("UPDATE accounts SET balance = balance + $1 WHERE id = $2")
            .bind(p.cents)
            .bind(&p.to)
            .execute(&mut *tx)
            .await
            .map_err(|e| e.to_string())?;
        tx.commit().await.map_err(|e| e.to_string())?;
        Ok("moved".into())
    }

    /// The same without a transaction: the debit stays when the check refuses.
    #[tool(description = "Moves money between two accounts, second way.", annotations(read_only_hint = false))]
    async fn transfer_autocommit(&self, Parameters(p): Parameters<TransferParams>) -> Result<String, String> {
        check_account(&p.from)?;
        check_account(&p.to)?;
        sqlx::query("UPDATE accounts SET balance = balance - $1 WHERE id = $2")
            .bind(p.cents)
            .bind(&p.from)
            .execute(&self.pool)
            .await
            .map_err(|e| e.to_string())?;
        if p.cents < 1 {
            return Err("cents must be at least 1".into());
        }
        sqlx::query("UPDATE accounts SET balance = balance + $1 WHERE id = $2")
            .bind(p.cents)
            .bind(&p.to)
            .execute(&self.pool)
            .await
            .map_err(|e| e.to_string())?;
        Ok("moved".into())
    }
}

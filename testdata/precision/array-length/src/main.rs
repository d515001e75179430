//! An MCP server that edits playlists (rmcp). List inputs carry length limits.

use garde::Validate;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::BTreeSet;
use std::sync::Mutex;

/// Arguments of `tagTrack`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TagTrack {
    /// Track identifier.
    pub track: String,
    /// Tags to add to the track, at most 32.
    #[schemars(length(max = 32))]
    pub tags: Vec<String>,
}

/// Arguments of `queueTracks`.
#[derive(Debug, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct QueueTracks {
    /// Tracks to queue, from 1 through 20.
    #[garde(length(min = 1, max = 20))]
    pub tracks: Vec<String>,
    /// Genres to keep, up to 5.
    #[garde(length(max = 5))]
    pub genres: BTreeSet<String>,
}

/// Arguments of `mergePlaylists`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergePlaylists {
    /// Playlists to merge, from 2 through 8.
    #[schemars(length(min = 2, max = 8))]
    pub playlists: Vec<String>,
}

/// Arguments of `shuffleTracks`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShuffleTracks {
    /// Tracks to shuffle into the queue.
    pub tracks: Vec<String>,
    /// Seed of the shuffle.
    pub seed: u64,
}

/// Arguments of `pinTrack`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PinTrack {
    /// The one track to pin to the top of the queue.
    #[schemars(length(min = 1, max = 1))]
    pub tracks: Vec<String>,
}

/// Arguments of `removeTracks`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RemoveTracks {
    /// Tracks to remove from the queue, at least one.
    #[schemars(length(min = 1))]
    pub tracks: Vec<String>,
}

#[derive(Default)]
pub struct Playlists {
    queue: Mutex<Vec<String>>,
    tags: Mutex<Vec<(String, String)>>,
}

#[tool_router]
impl Playlists {
    #[tool(name = "tagTrack", description = "Adds tags to one track.")]
    async fn tag_track(
        &self,
        Parameters(input): Parameters<TagTrack>,
    ) -> Result<CallToolResult, ErrorData> {
        let mut tags = self.tags.lock().unwrap();
        for t in input.tags {
            tags.push((input.track.clone(), t));
        }
        Ok(CallToolResult::success(vec![Content::text("tagged")]))
    }

    #[tool(name = "queueTracks", description = "Queues tracks for playback.")]
    async fn queue_tracks(
        &self,
        Parameters(input): Parameters<QueueTracks>,
    ) -> Result<CallToolResult, ErrorData> {
        if let Err(e) = input.validate() {
            return Ok(CallToolResult::error(vec![Content::text(e.to_string())]));
        }
        self.queue.lock().unwrap().extend(input.tracks);
        Ok(CallToolResult::success(vec![Content::text("queued")]))
    }

    #[tool(name = "mergePlaylists", description = "Merges playlists into the first one.")]
    async fn merge_playlists(
        &self,
        Parameters(input): Parameters<MergePlaylists>,
    ) -> Result<CallToolResult, ErrorData> {
        if input.playlists.len() < 2 || input.playlists.len() > 10 {
            return Ok(CallToolResult::error(vec![Content::text(
                "give from 2 through 10 playlists",
            )]));
        }
        let mut queue = self.queue.lock().unwrap();
        queue.extend(input.playlists);
        Ok(CallToolResult::success(vec![Content::text("merged")]))
    }

    #[tool(name = "shuffleTracks", description = "Shuffles tracks into the queue.")]
    async fn shuffle_tracks(
        &self,
        Parameters(ShuffleTracks { tracks, seed }): Parameters<ShuffleTracks>,
    ) -> Result<CallToolResult, ErrorData> {
        if tracks.is_empty() {
            return Ok(CallToolResult::error(vec![Content::text(
                "give at least one track",
            )]));
        }
        let mut queue = self.queue.lock().unwrap();
        let start = (seed as usize) % (queue.len() + 1);
        for (i, t) in tracks.into_iter().enumerate() {
            queue.insert(start.min(i), t);
        }
        Ok(CallToolResult::success(vec![Content::text("shuffled")]))
    }

    #[tool(name = "pinTrack", description = "Moves one track to the top of the queue.")]
    async fn pin_track(
        &self,
        Parameters(input): Parameters<PinTrack>,
    ) -> Result<CallToolResult, ErrorData> {
        if input.tracks.len() != 1 {
            return Ok(CallToolResult::error(vec![Content::text(
                "give exactly 1 track",
            )]));
        }
        let mut queue = self.queue.lock().unwrap();
        queue.retain(|t| *t != input.tracks[0]);
        queue.insert(0, input.tracks[0].clone());
        Ok(CallToolResult::success(vec![Content::text("pinned")]))
    }

    #[tool(name = "removeTracks", description = "Removes tracks from the queue.")]
    async fn remove_tracks(
        &self,
        Parameters(RemoveTracks { tracks }): Parameters<RemoveTracks>,
    ) -> Result<CallToolResult, ErrorData> {
        if tracks.is_empty() {
            return Ok(CallToolResult::error(vec![Content::text(
                "give at least one track",
            )]));
        }
        self.queue.lock().unwrap().retain(|t| !tracks.contains(t));
        Ok(CallToolResult::success(vec![Content::text("removed")]))
    }
}

fn main() {
    let _ = Playlists::default();
}

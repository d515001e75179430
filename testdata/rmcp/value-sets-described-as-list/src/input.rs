//! Sends pointer events to the desktop session.

pub enum Button {
    Left,
    Right,
    Middle,
}

pub fn scroll(dx: i32, dy: i32, clicks: u32) -> String {
    format!("scrolled {dx},{dy} x{clicks}")
}

pub fn click(button: Button) -> String {
    match button {
        Button::Left => "left click".to_string(),
        Button::Right => "right click".to_string(),
        Button::Middle => "middle click".to_string(),
    }
}

pub fn press(button: &str) -> String {
    format!("{button} pressed")
}

// Edition-2015 bare trait objects are rejected by syn 3.
pub type Callback = Fn(&str) + Send;

pub fn call(cb: &Callback) {
    cb("x")
}

//! The `value --json` object (RULES.md §4): the answer's fields, with each
//! synchronous strategy as label → exact probability, and the value's
//! temperature theory (null with a reason where it does not apply).

use crate::analysis::{Answer, ThermalAnswer, Weight};
use serde_json::{json, Map, Value};

pub fn value_json(a: &Answer, thermal: &ThermalAnswer) -> String {
    let mut obj = Map::new();
    obj.insert("value".into(), json!(a.value));
    obj.insert("pretty".into(), json!(a.pretty));
    obj.insert("outcome".into(), json!(a.outcome));
    if let Some(why) = &a.outcome_unknown {
        obj.insert("outcome_unknown".into(), json!(why));
    }
    obj.insert("outcome_sentence".into(), json!(a.outcome_sentence));
    if let Some(b) = a.birthday {
        obj.insert("birthday".into(), json!(b));
    }
    for (key, advice) in [
        ("left_moves", &a.left_moves),
        ("right_moves", &a.right_moves),
    ] {
        if let Some(m) = advice {
            obj.insert(
                key.into(),
                json!({"winning": m.winning, "labels": m.labels}),
            );
        }
    }
    if let Some(s) = &a.strategies {
        let map = |ws: &[Weight]| -> Value {
            ws.iter()
                .map(|w| (w.label.to_string(), json!(w.probability)))
                .collect::<Map<_, _>>()
                .into()
        };
        obj.insert("left_strategy".into(), map(&s.left));
        obj.insert("right_strategy".into(), map(&s.right));
        obj.insert("approximate".into(), json!(a.approximate));
    }
    if let Some(r) = &a.realisations {
        obj.insert("realisations".into(), json!(r));
    }
    obj.insert("mean".into(), json!(thermal.mean));
    obj.insert("temperature".into(), json!(thermal.temperature));
    obj.insert("thermograph".into(), json!(thermal.thermograph));
    obj.insert("reduced".into(), json!(thermal.reduced));
    if let Some(why) = &thermal.reason {
        obj.insert("temperature_reason".into(), json!(why));
    }
    obj.insert("atomic_weight".into(), json!(thermal.atomic_weight));
    if let Some(why) = &thermal.atomic_weight_reason {
        obj.insert("atomic_weight_reason".into(), json!(why));
    }
    Value::Object(obj).to_string()
}

//! The shared egui widgets run without a window: a frame of each must lay
//! out without panicking, with the character's clips and joints.

#[test]
fn widgets_lay_out_headless() {
    let model = common::character::build();
    let ctx = egui::Context::default();
    let (mut paused, mut speed, mut time, mut clip, mut joint) = (false, 1.0, 0.5, 1usize, 5usize);
    let mut degrees = glam::Vec3::new(10.0, 0.0, -20.0);
    let joints: Vec<usize> = (0..model.skeleton.nodes.len()).collect();
    for _ in 0..2 {
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            common::ui::playback(ui, &mut paused, &mut speed);
            common::ui::time_scrubber(ui, &mut time, 2.0);
            common::ui::clip_picker(ui, &model.clips, &mut clip);
            common::ui::clip_picker(ui, &[], &mut clip);
            common::ui::bone_picker(ui, &model.skeleton, &joints, &mut joint);
            common::ui::turn_sliders(ui, &mut degrees);
            common::ui::matrix_columns(ui, &glam::Mat4::from_rotation_z(0.5));
        });
        output.textures_delta.clear(); // no painter here: egui insists we say so
    }
    assert_eq!((clip, joint), (1, 5), "nothing was clicked, nothing changes");
    assert_eq!(common::pose::turn(degrees), common::pose::turn(glam::Vec3::new(10.0, 0.0, -20.0)));
}

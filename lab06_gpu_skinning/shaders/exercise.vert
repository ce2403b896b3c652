// Lab 06, step 3: your vertex shader. README.md, step 3, says what it must do.
// The loader puts `#define MAX_BONES n` and debug.glsl (debug_color, world_normal) here.
// As given, it compiles and leaves the mesh in its bind pose.

layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec2 a_uv;
// lab06 step 3: declare the bone ids (attribute 3) and weights (attribute 4).
// Which GLSL type receives four integers?
layout(location = 5) in vec4 a_tangent;

// lab06 step 3: declare the palette, MAX_BONES gradient matrices.
uniform mat4 u_model;
uniform mat4 u_view_proj;

// What the fragment shader reads.
out vec3 v_world;
out vec3 v_normal;
out vec2 v_uv;
out vec3 v_color;
// What transform feedback records (the grader compares them with lab 03).
out vec3 skinned_position;
out vec3 skinned_normal;
out vec4 skinned_tangent;

void main() {
    // lab06 step 3: skin the position, the normal and the tangent.
    skinned_position = a_position;
    skinned_normal = a_normal;
    skinned_tangent = a_tangent;

    vec4 world = u_model * vec4(skinned_position, 1.0);
    v_world = world.xyz;
    v_normal = world_normal(u_model, skinned_normal); // given, in debug.glsl
    v_uv = a_uv;
    v_color = debug_color(uvec4(0u), vec4(0.0)); // lab06 step 3: pass your ids and weights
    gl_Position = u_view_proj * world;
}

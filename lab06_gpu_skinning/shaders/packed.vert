// Lab 06, going further (a): the packed palette. A gradient matrix's last row
// is always 0 0 0 1, so each bone sends only its top three rows, as three
// vec4: 12 floats instead of 16, and a 1,024-component GPU holds 80 bones
// instead of 60. The skinning is the reference's (solution.vert), row by row.
// The loader puts `#define MAX_BONES n` and debug.glsl (debug_color) here.

layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec2 a_uv;
layout(location = 3) in uvec4 a_bone_ids;
layout(location = 4) in vec4 a_bone_weights;
layout(location = 5) in vec4 a_tangent;

uniform vec4 u_rows[3 * MAX_BONES];  // bone b: rows 0, 1, 2 of its gradient at 3b, 3b + 1, 3b + 2
uniform mat4 u_model;
uniform mat4 u_view_proj;

out vec3 v_world;
out vec3 v_normal;
out vec2 v_uv;
out vec3 v_color;
out vec3 skinned_position;
out vec3 skinned_normal;
out vec4 skinned_tangent;

void main() {
    // Blend the rows by weight: the same sum as blending whole matrices.
    vec4 r0 = vec4(0.0), r1 = vec4(0.0), r2 = vec4(0.0);
    for (int i = 0; i < 4; i++) {
        int b = 3 * int(a_bone_ids[i]);
        r0 += a_bone_weights[i] * u_rows[b];
        r1 += a_bone_weights[i] * u_rows[b + 1];
        r2 += a_bone_weights[i] * u_rows[b + 2];
    }
    if (dot(a_bone_weights, vec4(1.0)) == 0.0) {
        r0 = vec4(1.0, 0.0, 0.0, 0.0);
        r1 = vec4(0.0, 1.0, 0.0, 0.0);
        r2 = vec4(0.0, 0.0, 1.0, 0.0);
    }
    // Row i of the matrix dotted with (p, 1) is coordinate i of the result.
    vec4 p = vec4(a_position, 1.0);
    skinned_position = vec3(dot(r0, p), dot(r1, p), dot(r2, p));
    // GLSL's mat3(a, b, c) takes columns: built from our rows it is the
    // transpose of the 3x3 part, and the inverse of that is exactly the
    // inverse-transpose the normal needs.
    mat3 rows = mat3(r0.xyz, r1.xyz, r2.xyz);
    skinned_normal = normalize(inverse(rows) * a_normal);
    // v * M is M's transpose times v: here the 3x3 part times the tangent.
    vec3 t = a_tangent.xyz * rows;
    t = normalize(t - skinned_normal * dot(t, skinned_normal));
    skinned_tangent = vec4(t, a_tangent.w);

    vec4 world = u_model * vec4(skinned_position, 1.0);
    v_world = world.xyz;
    v_normal = transpose(inverse(mat3(u_model))) * skinned_normal;
    v_uv = a_uv;
    v_color = debug_color(a_bone_ids, a_bone_weights);
    gl_Position = u_view_proj * world;
}

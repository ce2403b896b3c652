// Lab 06, going further (b): dual-quaternion skinning. Each bone sends its
// gradient as a unit dual quaternion (rotation `real`, translation folded
// into `dual`); the shader blends the dual quaternions instead of the
// matrices, normalises, and applies the resulting rigid motion. A blend of
// rotations stays a rotation, so a twisted joint keeps its volume where
// linear blending collapses it (the "candy wrapper"). Rigid bones only:
// scale is not carried (further::dual_quaternions drops it).
// The loader puts `#define MAX_BONES n` and debug.glsl (debug_color) here.

layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec2 a_uv;
layout(location = 3) in uvec4 a_bone_ids;
layout(location = 4) in vec4 a_bone_weights;
layout(location = 5) in vec4 a_tangent;

uniform vec4 u_dual[2 * MAX_BONES];  // bone b: real part (x, y, z, w) at 2b, dual part at 2b + 1
uniform mat4 u_model;
uniform mat4 u_view_proj;

out vec3 v_world;
out vec3 v_normal;
out vec2 v_uv;
out vec3 v_color;
out vec3 skinned_position;
out vec3 skinned_normal;
out vec4 skinned_tangent;

// Rotates v by the unit quaternion q.
vec3 rotate(vec4 q, vec3 v) {
    return v + 2.0 * cross(q.xyz, cross(q.xyz, v) + q.w * v);
}

void main() {
    // q and -q are the same rotation, but they do not blend alike: bring
    // every bone to the first one's hemisphere (the shortest path, as slerp).
    vec4 first = u_dual[2 * int(a_bone_ids.x)];
    vec4 real = vec4(0.0), dual = vec4(0.0);
    for (int i = 0; i < 4; i++) {
        int b = 2 * int(a_bone_ids[i]);
        float w = a_bone_weights[i];
        if (dot(u_dual[b], first) < 0.0) w = -w;
        real += w * u_dual[b];
        dual += w * u_dual[b + 1];
    }
    if (dot(a_bone_weights, vec4(1.0)) == 0.0) {
        real = vec4(0.0, 0.0, 0.0, 1.0);
        dual = vec4(0.0);
    }
    // Normalise by the real part's length: a unit dual quaternion again.
    float len = length(real);
    real /= len;
    dual /= len;
    // Translation t = 2 * dual * conjugate(real), its vector part.
    vec3 t = 2.0 * (real.w * dual.xyz - dual.w * real.xyz + cross(real.xyz, dual.xyz));
    skinned_position = rotate(real, a_position) + t;
    // A rigid motion: normals and tangents only turn.
    skinned_normal = normalize(rotate(real, a_normal));
    vec3 tangent = rotate(real, a_tangent.xyz);
    tangent = normalize(tangent - skinned_normal * dot(tangent, skinned_normal));
    skinned_tangent = vec4(tangent, a_tangent.w);

    vec4 world = u_model * vec4(skinned_position, 1.0);
    v_world = world.xyz;
    v_normal = transpose(inverse(mat3(u_model))) * skinned_normal;
    v_uv = a_uv;
    v_color = debug_color(a_bone_ids, a_bone_weights);
    gl_Position = u_view_proj * world;
}

// Lab 06 reference: linear blend skinning in the vertex shader.
// The loader puts `#define MAX_BONES n` and debug.glsl (debug_color) here.

layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec2 a_uv;
layout(location = 3) in uvec4 a_bone_ids;     // integers end to end: glVertexAttribIPointer
layout(location = 4) in vec4 a_bone_weights;
layout(location = 5) in vec4 a_tangent;

uniform mat4 u_palette[MAX_BONES];  // one gradient matrix per bone, uploaded every frame
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
    // Blend the four gradients by weight (lab 03, step 2). A vertex with no
    // weight at all stays in the bind pose.
    mat4 m = a_bone_weights.x * u_palette[a_bone_ids.x]
           + a_bone_weights.y * u_palette[a_bone_ids.y]
           + a_bone_weights.z * u_palette[a_bone_ids.z]
           + a_bone_weights.w * u_palette[a_bone_ids.w];
    if (dot(a_bone_weights, vec4(1.0)) == 0.0) m = mat4(1.0);

    // A position is a point: w = 1 picks up the translation column.
    skinned_position = (m * vec4(a_position, 1.0)).xyz;
    // A normal takes the inverse-transpose of the 3x3 part (lab 03, step 4).
    mat3 linear = mat3(m);
    skinned_normal = normalize(transpose(inverse(linear)) * a_normal);
    // A tangent moves like an edge, then loses its part along the normal (lab 03, step 5).
    vec3 t = linear * a_tangent.xyz;
    t = normalize(t - skinned_normal * dot(t, skinned_normal));
    skinned_tangent = vec4(t, a_tangent.w);

    vec4 world = u_model * vec4(skinned_position, 1.0);
    v_world = world.xyz;
    v_normal = transpose(inverse(mat3(u_model))) * skinned_normal;
    v_uv = a_uv;
    v_color = debug_color(a_bone_ids, a_bone_weights);
    gl_Position = u_view_proj * world;
}

// The course's lit surface: a model matrix, then view-projection.
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec2 a_uv;
layout(location = 6) in vec3 a_color;

uniform mat4 u_model;
uniform mat4 u_view_proj;

out vec3 v_world;
out vec3 v_normal;
out vec2 v_uv;
out vec3 v_color;

void main() {
    vec4 world = u_model * vec4(a_position, 1.0);
    v_world = world.xyz;
    // Normals take the inverse-transpose (lab03 explains why).
    v_normal = transpose(inverse(mat3(u_model))) * a_normal;
    v_uv = a_uv;
    v_color = a_color;
    gl_Position = u_view_proj * world;
}

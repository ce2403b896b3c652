#version 330 core
layout(location = 0) in vec3 a_position;
layout(location = 2) in float a_size;
layout(location = 6) in vec3 a_color;

uniform mat4 u_view_proj;

out vec3 g_color;
out float g_size;

void main() {
    g_color = a_color;
    g_size = a_size;
    gl_Position = u_view_proj * vec4(a_position, 1.0);
}

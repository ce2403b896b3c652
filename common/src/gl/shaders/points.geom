#version 330 core
// Turns each point into a screen-space square; the fragment stage rounds it.
layout(points) in;
layout(triangle_strip, max_vertices = 4) out;

uniform vec2 u_viewport;

in vec3 g_color[];
in float g_size[];
out vec3 f_color;
out vec2 f_corner;

void main() {
    vec4 p = gl_in[0].gl_Position;
    if (p.w <= 0.0) return;
    vec2 r = 0.5 * g_size[0] / (0.5 * u_viewport) * p.w;
    f_color = g_color[0];
    for (int i = 0; i < 4; i++) {
        vec2 corner = vec2(i % 2 == 0 ? -1.0 : 1.0, i < 2 ? -1.0 : 1.0);
        f_corner = corner;
        gl_Position = p + vec4(corner * r, 0.0, 0.0);
        EmitVertex();
    }
    EndPrimitive();
}

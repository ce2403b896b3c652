#version 330 core
// Widens each line into a screen-space quad: core profile has no wide lines.
layout(lines) in;
layout(triangle_strip, max_vertices = 4) out;

uniform vec2 u_viewport;

in vec3 g_color[];
in float g_size[];
out vec3 f_color;
out vec2 f_corner;

void main() {
    vec4 a = gl_in[0].gl_Position;
    vec4 b = gl_in[1].gl_Position;
    if (a.w <= 0.0 || b.w <= 0.0) return; // behind the eye
    vec2 half_viewport = 0.5 * u_viewport;
    vec2 dir = b.xy / b.w * half_viewport - a.xy / a.w * half_viewport;
    dir = length(dir) > 1e-4 ? normalize(dir) : vec2(1.0, 0.0);
    vec2 side = vec2(-dir.y, dir.x) * 0.5 * g_size[0] / half_viewport;
    f_corner = vec2(0.0);
    f_color = g_color[0];
    gl_Position = a + vec4(side * a.w, 0.0, 0.0); EmitVertex();
    gl_Position = a - vec4(side * a.w, 0.0, 0.0); EmitVertex();
    f_color = g_color[1];
    gl_Position = b + vec4(side * b.w, 0.0, 0.0); EmitVertex();
    gl_Position = b - vec4(side * b.w, 0.0, 0.0); EmitVertex();
    EndPrimitive();
}

// Lines and dots a fixed number of pixels wide, as instanced quads: each
// instance is one line (or one dot), its four corners a triangle strip
// numbered by gl_VertexID. Neither core OpenGL nor WebGL2 draws wide lines,
// and WebGL2 has no geometry shaders, so the widening happens here.
layout(location = 0) in vec3 a_position;     // the line's start, or the dot
layout(location = 2) in float a_size;        // width or diameter, pixels
layout(location = 6) in vec3 a_color;
layout(location = 7) in vec3 a_end;          // lines: the end
layout(location = 8) in vec3 a_end_color;    // lines: the colour at the end

uniform mat4 u_view_proj;
uniform vec2 u_viewport;
uniform int u_round;                         // 1: dots, 0: lines

out vec3 f_color;
out vec2 f_corner;

// Outside the clip volume: a quad of four such corners draws nothing.
const vec4 HIDDEN = vec4(0.0, 0.0, 2.0, 1.0);

void main() {
    int corner = gl_VertexID;                // 0, 1, 2, 3 along the strip
    vec4 a = u_view_proj * vec4(a_position, 1.0);
    f_color = a_color;
    if (u_round == 1) {
        // A screen-space square around the dot; the fragment stage rounds it.
        vec2 r = 0.5 * a_size / (0.5 * u_viewport) * a.w;
        vec2 c = vec2(corner % 2 == 0 ? -1.0 : 1.0, corner < 2 ? -1.0 : 1.0);
        f_corner = c;
        gl_Position = a.w <= 0.0 ? HIDDEN : a + vec4(c * r, 0.0, 0.0);
        return;
    }
    vec4 b = u_view_proj * vec4(a_end, 1.0);
    f_corner = vec2(0.0);
    if (a.w <= 0.0 || b.w <= 0.0) {          // behind the eye
        gl_Position = HIDDEN;
        return;
    }
    // The quad's sides are parallel to the line on screen, a_size pixels apart.
    vec2 half_viewport = 0.5 * u_viewport;
    vec2 dir = b.xy / b.w * half_viewport - a.xy / a.w * half_viewport;
    dir = length(dir) > 1e-4 ? normalize(dir) : vec2(1.0, 0.0);
    vec2 side = vec2(-dir.y, dir.x) * 0.5 * a_size / half_viewport;
    vec4 p = corner < 2 ? a : b;
    if (corner >= 2) f_color = a_end_color;
    float s = corner % 2 == 0 ? 1.0 : -1.0;
    gl_Position = p + vec4(s * side * p.w, 0.0, 0.0);
}

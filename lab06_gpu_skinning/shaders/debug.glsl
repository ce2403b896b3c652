// Given: inserted before the skinning shader by the loader (src/given.rs), with
// `#define MAX_BONES n`. The demo's view modes, computed per vertex.
uniform int u_view_mode;      // 0 plain, 1 bone ids as colours, 2 weight of u_selected_bone
uniform int u_selected_bone;

vec3 id_color(uint id) {
    // A well-spread hue per bone id (golden-ratio steps around the colour wheel).
    float h = fract(float(id) * 0.618034);
    vec3 k = abs(fract(vec3(h) + vec3(0.0, 2.0 / 3.0, 1.0 / 3.0)) * 6.0 - 3.0);
    return mix(vec3(1.0), clamp(k - 1.0, 0.0, 1.0), 0.75);
}

vec3 heat(float w) {
    w = clamp(w, 0.0, 1.0);
    return vec3(clamp(w * 2.0 - 0.6, 0.0, 1.0), clamp(1.0 - abs(w * 2.0 - 1.0), 0.0, 1.0) * 0.9,
                clamp(1.0 - w * 2.0, 0.15, 1.0));
}

// The colour of a vertex in the current view mode, from its four bone ids
// and weights exactly as your attribute set-up delivers them.
vec3 debug_color(uvec4 ids, vec4 weights) {
    if (u_view_mode == 1) {
        // The strongest bone's colour: patches of flat colour, blended at joints.
        return id_color(ids.x) * weights.x + id_color(ids.y) * weights.y + id_color(ids.z) * weights.z
            + id_color(ids.w) * weights.w;
    }
    if (u_view_mode == 2) {
        float w = 0.0;
        for (int i = 0; i < 4; i++) {
            if (int(ids[i]) == u_selected_bone) w += weights[i];
        }
        return heat(w);
    }
    return vec3(0.72, 0.62, 0.52);
}

// Where a model-space normal points in the world under `model` (the demo's
// placement, which may scale unevenly). The fragment shader renormalises, so
// this gives a direction only: the cofactor matrix of the 3x3 part, signed
// so that a mirroring placement does not turn normals inside out.
vec3 world_normal(mat4 model, vec3 n) {
    mat3 a = mat3(model);
    mat3 cofactor = mat3(cross(a[1], a[2]), cross(a[2], a[0]), cross(a[0], a[1]));
    return sign(determinant(a)) * (cofactor * n);
}
